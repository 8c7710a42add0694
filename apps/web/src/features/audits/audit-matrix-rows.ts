import {
  ALL_YEARS,
  AUDITS_COLLECTION,
  type AuditConfig,
  type ConfigOption,
  type ListConfig,
  type MatrixYear,
} from '@qa/domain';
import type { JsonObject, JsonValue, Query } from '@qa/sync';
import { readPath, type ListFieldReaders } from '../../components/list/list-fields';
import { useConfigSegment } from '../../lib/config/use-config-segment';
import type { SyncState } from '../../lib/sync/sync-types';

/** One audit of the matrix: the stored header as it is, so configured facet paths read it. */
export interface AuditMatrixRow {
  id: string;
  data: JsonObject;
  state: SyncState;
}

/** The `?year=` of the matrix: a four-digit year or 'all'; anything else is no choice. */
export function parseMatrixYear(value: string | null): MatrixYear | null {
  if (value === ALL_YEARS) return ALL_YEARS;
  return value !== null && /^\d{4}$/.test(value) ? Number(value) : null;
}

/**
 * The matrix's subscription: the audits of one planning year (stored as a number), or all of
 * them. Only the chosen year is replicated, so a device does not hold every year's audits.
 */
export function matrixQuery(year: MatrixYear): Query {
  return {
    collection: AUDITS_COLLECTION,
    filters: year === ALL_YEARS ? [] : [{ path: ['planning_year'], op: '==', value: year }],
  };
}

/**
 * The list reads the configured fields from the audit data (not from the row wrapper), so a
 * facet added to the `lists` configuration works without a change here.
 */
export function matrixFieldReaders(config: ListConfig): ListFieldReaders<AuditMatrixRow> {
  const paths = new Set([
    ...config.aggregations.map((entry) => entry.field),
    ...config.sortings.map((entry) => entry.field),
    ...config.groupings.map((entry) => entry.field),
  ]);
  return Object.fromEntries(
    [...paths].map((path) => [path, (row: AuditMatrixRow) => readPath(row.data, path)]),
  );
}

/** The ids of a field that holds one id or a list of them (`standard`). */
export function idsOf(value: JsonValue | undefined): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((id): id is string => typeof id === 'string');
  return [];
}

/** A configured option's label in the language; an id the configuration lacks as it is. */
export function optionLabel(
  options: readonly ConfigOption[],
  id: string,
  language: 'de' | 'en',
): string {
  return options.find((option) => option.id === id)?.label[language] ?? id;
}

/** The `audit` configuration segment (types, parties, year spans); the defaults when invalid. */
export function useAuditConfig(): AuditConfig {
  return useConfigSegment('audit');
}
