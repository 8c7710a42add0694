import {
  DEFAULT_MEASURE_TYPE_LABELS,
  DEFAULT_MEASURE_WORKFLOW_LABELS,
  measureSchema,
  resolveWorkflowStatus,
  type Measure,
  type MeasureType,
  type WorkflowView,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import type { Language } from '../../lib/i18n/detect-language';
import type { SyncState } from '../../lib/sync/sync-types';
import { workflowLabel } from '../audits/audit-workflow-labels';

/** A measure as the screens show it: the stored document, parsed, with its sync state. */
export interface MeasureView extends Measure {
  state: SyncState;
}

/**
 * Parsed measures by their stored data: the replica hands out the same object until the document
 * changes, so a list of 10,000 parses only what changed (bench/measures.bench.ts).
 */
const parsedByData = new WeakMap<JsonObject, Measure | null>();

/** One stored document as a measure; null for a document the schema refuses (never stored). */
export function measureFromDocument(
  id: string,
  data: JsonObject,
  state: SyncState,
): MeasureView | null {
  let parsed = parsedByData.get(data);
  if (parsed === undefined) {
    const result = measureSchema.safeParse({ ...data, id });
    parsed = result.success ? result.data : null;
    parsedByData.set(data, parsed);
  }
  return parsed ? { ...parsed, state } : null;
}

/** A status in the UI language; an unmappable one shows '0' (SPEC section 8). */
export function measureStatusLabel(
  workflow: WorkflowView,
  status: string,
  language: Language,
): string {
  const resolved = resolveWorkflowStatus(workflow, status, 'measure');
  if (!resolved.status) return resolved.display;
  return workflowLabel(
    resolved.status.id,
    resolved.status.description,
    language,
    DEFAULT_MEASURE_WORKFLOW_LABELS,
  );
}

/** A measure type in the UI language: a default one as shipped in either language (issue 34.6). */
export function measureTypeLabel(
  types: readonly MeasureType[],
  id: string,
  language: Language,
): string {
  const type = types.find((entry) => entry.id === id);
  return type ? workflowLabel(type.id, type.text, language, DEFAULT_MEASURE_TYPE_LABELS) : id;
}
