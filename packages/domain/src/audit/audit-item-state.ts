import type { AuditItemState, FindingType } from '../config/configured-types';
import type { DomainMessage } from '../messages/message';
import type { AuditItem, Finding } from './audit-item.schema';
import {
  checkFinding,
  findFindingType,
  type FindingInput,
  type FindingMode,
} from './finding-rules';

/**
 * Audit item state rules (SPEC section 4) as pure functions: each returns the new item, or an
 * error key, or asks for the user's confirmation; none throws on user errors.
 */
export type ItemStateResult =
  | {
      ok: true;
      item: AuditItem;
      /** Findings that were removed; the caller discards the measures bound to them. */
      discardedFindingIds: string[];
    }
  | { ok: false; error: DomainMessage; needsConfirmation?: false }
  | { ok: false; error: DomainMessage; needsConfirmation: true; discardedFindingIds: string[] };

/** Sets state and flags together so they can never disagree. */
export function withAuditItemState(item: AuditItem, state: AuditItemState | null): AuditItem {
  return {
    ...item,
    auditItemState: state,
    deactivated: state === 'deactivated',
    completed: state === 'completed',
  };
}

export interface StoreFindingOptions {
  mode: FindingMode;
  /** The user confirmed that the other findings (and their measures) are discarded. */
  confirmed?: boolean;
}

/**
 * A finding whose type carries an item state puts the item into that state and replaces all
 * other findings (after confirmation when there are any). An ordinary finding clears the state
 * and also drops the finding that had set it: a question cannot be "not applicable" and carry a
 * deviation at once.
 */
export function storeFinding(
  item: AuditItem,
  input: FindingInput,
  types: readonly FindingType[],
  options: StoreFindingOptions,
): ItemStateResult {
  const checked = checkFinding(item, input, types, options.mode);
  if (!checked.ok) return checked;
  const { finding, type } = checked;
  const others = Object.keys(item.deviations).filter((id) => id !== finding.id);

  if (type.auditItemState) {
    if (others.length > 0 && options.confirmed !== true) {
      return {
        ok: false,
        needsConfirmation: true,
        error: { key: 'auditItem.confirmDiscardFindings' },
        discardedFindingIds: others,
      };
    }
    const next = withAuditItemState(
      { ...item, deviations: { [finding.id]: finding } },
      type.auditItemState,
    );
    return { ok: true, item: next, discardedFindingIds: others };
  }

  const stateFindings = others.filter((id) => carriesState(types, item.deviations[id]));
  const deviations: Record<string, Finding> = {};
  for (const [id, existing] of Object.entries(item.deviations)) {
    if (!stateFindings.includes(id)) deviations[id] = existing;
  }
  deviations[finding.id] = finding;
  return {
    ok: true,
    item: withAuditItemState({ ...item, deviations }, null),
    discardedFindingIds: stateFindings,
  };
}

export function deleteFinding(item: AuditItem, findingId: string): ItemStateResult {
  if (!Object.hasOwn(item.deviations, findingId)) {
    return { ok: false, error: { key: 'finding.notFound', params: { id: findingId } } };
  }
  const deviations = Object.fromEntries(
    Object.entries(item.deviations).filter(([id]) => id !== findingId),
  );
  return {
    ok: true,
    item: withAuditItemState({ ...item, deviations }, null),
    discardedFindingIds: [findingId],
  };
}

/**
 * Undo of "not applicable" / "completed": clears state and flag and deletes the given finding
 * (when it is there). Only allowed for items in one of those states.
 */
export function reactivateAuditItem(item: AuditItem, findingId?: string): ItemStateResult {
  if (item.auditItemState !== 'deactivated' && item.auditItemState !== 'completed') {
    return { ok: false, error: { key: 'auditItem.notReactivatable' } };
  }
  const removed = findingId !== undefined && Object.hasOwn(item.deviations, findingId);
  const deviations = removed
    ? Object.fromEntries(Object.entries(item.deviations).filter(([id]) => id !== findingId))
    : item.deviations;
  return {
    ok: true,
    item: withAuditItemState({ ...item, deviations }, null),
    discardedFindingIds: removed ? [findingId] : [],
  };
}

function carriesState(types: readonly FindingType[], finding: Finding | undefined): boolean {
  if (!finding) return false;
  return (findFindingType(types, finding.importance)?.auditItemState ?? null) !== null;
}
