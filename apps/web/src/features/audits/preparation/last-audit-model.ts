import { earlierAudits, type CopyAuditItemsArgs, type Language } from '@qa/domain';
import { MAX_IN_VALUES, type JsonObject } from '@qa/sync';

/**
 * "Copy questions from the last audit of this scope" (issue 14 item 7, beyond the spec): the
 * source is the latest earlier audit of the same standard and scope (the comparison's rules,
 * `earlierAudits`) that has questions.
 */

interface AuditDoc {
  id: string;
  data: JsonObject;
}

const header = (doc: AuditDoc) => ({ ...doc.data, id: doc.id });

/**
 * The earlier audits of the same standard and scope, newest first, as many as one `in` query
 * may name: the candidates whose questions the tab looks at.
 */
export function lastAuditCandidates(
  current: AuditDoc | null | undefined,
  audits: readonly AuditDoc[],
): string[] {
  if (!current) return [];
  return earlierAudits(header(current), audits.map(header))
    .slice(0, MAX_IN_VALUES)
    .map((audit) => audit.id);
}

export interface LastAudit {
  id: string;
  name: string;
  /** The source audit's question ids, in the order the replica lists them. */
  itemIds: string[];
}

/** The first candidate (newest first) with questions, with them; null when none has any. */
export function lastAuditWithItems(
  candidates: readonly string[],
  audits: readonly AuditDoc[],
  items: readonly AuditDoc[],
): LastAudit | null {
  const byAudit = new Map<string, string[]>();
  for (const item of items) {
    const auditId = item.data.auditId;
    if (typeof auditId !== 'string') continue;
    const ids = byAudit.get(auditId);
    if (ids) ids.push(item.id);
    else byAudit.set(auditId, [item.id]);
  }
  for (const id of candidates) {
    const itemIds = byAudit.get(id);
    if (!itemIds || itemIds.length === 0) continue;
    const name = audits.find((audit) => audit.id === id)?.data.name;
    return { id, name: typeof name === 'string' && name !== '' ? name : id, itemIds };
  }
  return null;
}

/** The `audit.copyItems` arguments: one new id per question of the source. */
export function copyItemsArgs(input: {
  auditId: string;
  source: LastAudit;
  standardIds: string[];
  language: Language;
  newId: () => string;
}): CopyAuditItemsArgs {
  return {
    auditId: input.auditId,
    sourceAuditId: input.source.id,
    items: input.source.itemIds.map((sourceItemId) => ({ id: input.newId(), sourceItemId })),
    standardIds: input.standardIds,
    language: input.language,
  };
}
