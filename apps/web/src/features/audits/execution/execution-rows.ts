import {
  FINDING_CUSTOM_FIELDS,
  findingDisplayText,
  type FindingType,
  type Geolocation,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { findingTypeColour } from '../finding-type-colours';
import { toPreparationRow, type PreparationRow } from '../preparation/preparation-rows';

/**
 * The rows of the execution tab: the preparation row of each audit item plus its findings,
 * read leniently from the item document (a finding written by an older version still shows).
 */

export type FindingCustomField = (typeof FINDING_CUSTOM_FIELDS)[number];

/** A photo or file of a finding, with the evidence taken at capture (issue 11.6). */
export interface ExecutionMedia {
  id: string;
  /** The uploaded file (new entries); entries of the old app carry only `url`. */
  fileId: string | null;
  url: string | null;
  name: string;
  contentType: string;
  size: number | null;
  /** Lower-case hex SHA-256 of the bytes, taken on the device at capture. */
  sha256: string | null;
  capturedAt: string | null;
  position: Geolocation | null;
  capturedBy: string | null;
}

export interface ExecutionFinding {
  id: string;
  /** The finding type id. */
  importance: string;
  text: string;
  reason: string;
  solution: string;
  findingperson: string;
  riskassessment: string;
  geolocation: Geolocation | null;
  custom: Partial<Record<FindingCustomField, string>>;
  /** Number of photos and files. */
  mediaCount: number;
  /** In the order they were attached. */
  media: ExecutionMedia[];
  /** Measures created from it (recorded on the item, issue 12). */
  measureCount: number;
}

export interface ExecutionRow extends PreparationRow {
  /** In the order they were recorded (the order of the stored map). */
  findings: ExecutionFinding[];
}

const text = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const objectOf = (value: JsonValue | undefined): JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
const finiteNumber = (value: JsonValue | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * A position, read leniently: findings store `latitude`/`longitude`, media entries `lat`/`lon`
 * (their schemas, issue 11); anything without both numbers is none.
 */
function positionOf(
  value: JsonValue | undefined,
  [latKey, lonKey]: readonly [string, string],
): Geolocation | null {
  const position = objectOf(value);
  const latitude = finiteNumber(position[latKey]);
  const longitude = finiteNumber(position[lonKey]);
  if (latitude === undefined || longitude === undefined) return null;
  const accuracy = finiteNumber(position.accuracy);
  const at = text(position.at);
  return {
    latitude,
    longitude,
    ...(accuracy === undefined ? {} : { accuracy }),
    ...(at === '' ? {} : { at }),
  };
}

const FINDING_POSITION = ['latitude', 'longitude'] as const;
const MEDIA_POSITION = ['lat', 'lon'] as const;

const orNull = (value: string): string | null => (value === '' ? null : value);

function mediaOf(id: string, value: JsonValue | undefined): ExecutionMedia {
  const data = objectOf(value);
  const url = orNull(text(data.url));
  return {
    id,
    fileId: orNull(text(data.fileId)),
    url,
    name: text(data.name) || (url?.split('/').pop() ?? '') || id,
    contentType: text(data.contentType),
    size: finiteNumber(data.size) ?? null,
    sha256: orNull(text(data.sha256)),
    capturedAt: orNull(text(data.capturedAt)),
    position: positionOf(data.position, MEDIA_POSITION),
    capturedBy: orNull(text(data.capturedBy)),
  };
}

function findingOf(
  id: string,
  value: JsonValue | undefined,
  measures: Readonly<Record<string, JsonValue>>,
): ExecutionFinding {
  const data = objectOf(value);
  const custom: ExecutionFinding['custom'] = {};
  for (const field of FINDING_CUSTOM_FIELDS) {
    const entry = text(data[field]);
    if (entry !== '') custom[field] = entry;
  }
  const media = Object.entries(objectOf(data.media)).map(([mediaId, entry]) =>
    mediaOf(mediaId, entry),
  );
  return {
    id,
    importance: text(data.importance),
    // A placeholder an earlier version stored is no text (decision 70): never shown or printed.
    text: findingDisplayText(text(data.text)),
    reason: text(data.reason),
    solution: text(data.solution),
    findingperson: text(data.findingperson),
    riskassessment: text(data.riskassessment),
    geolocation: positionOf(data.geolocation, FINDING_POSITION),
    custom,
    mediaCount: media.length,
    media,
    measureCount: Object.values(measures).filter((findingId) => findingId === id).length,
  };
}

export function toExecutionRow(doc: ViewDocument): ExecutionRow {
  const deviations = objectOf(doc.data.deviations);
  return {
    ...toPreparationRow(doc),
    findings: Object.entries(deviations).map(([id, value]) =>
      findingOf(id, value, objectOf(doc.data.measures)),
    ),
  };
}

/**
 * An item deactivated in preparation is not part of the execution; one made "not applicable"
 * here (a finding whose type deactivates the item) is, with that finding, so it can be undone.
 */
export function isExecuted(row: ExecutionRow): boolean {
  return row.itemState !== 'deactivated' || row.findings.length > 0;
}

/**
 * The execution rows of the documents, reusing the row of a document whose data and state did
 * not change (as the preparation tab's cache), without the items deactivated in preparation.
 */
export function createExecutionRowCache() {
  const cache = new Map<string, { doc: ViewDocument; row: ExecutionRow }>();
  return (documents: readonly ViewDocument[]): ExecutionRow[] => {
    const seen = new Set<string>();
    const rows: ExecutionRow[] = [];
    for (const doc of documents) {
      seen.add(doc.id);
      const hit = cache.get(doc.id);
      let row: ExecutionRow;
      if (hit && hit.doc.data === doc.data && hit.doc.state === doc.state) row = hit.row;
      else {
        row = toExecutionRow(doc);
        cache.set(doc.id, { doc, row });
      }
      if (isExecuted(row)) rows.push(row);
    }
    for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
    return rows;
  };
}

/** The finding types that close a question in one step ("not applicable", "conforming"). */
export function stateTypes(types: readonly FindingType[]): FindingType[] {
  return types.filter((type) => type.auditItemState !== null);
}

/**
 * Whether storing a finding of `typeId` as `findingId` replaces other findings of the row: the
 * type carries an item state and the item has findings besides this one. Then the user is asked
 * first (SPEC section 4).
 */
export function replacesOthers(
  row: ExecutionRow,
  types: readonly FindingType[],
  typeId: string,
  findingId: string | null,
): boolean {
  const type = types.find((entry) => entry.id === typeId);
  if (!type || type.auditItemState === null) return false;
  return row.findings.some((finding) => finding.id !== findingId);
}

/** The colour of a finding type's chip: its severity's (finding-type-colours.ts). */
export function findingTypeColor(id: string, types: readonly FindingType[]): string {
  return findingTypeColour(types, id).fill;
}
