import {
  AUDIT_ITEMS_COLLECTION,
  auditDay,
  auditsByScope,
  compareAuditOrder,
  type AuditTrend,
  type VdaAuditResult,
} from '@qa/domain';
import { MAX_IN_VALUES, type JsonObject, type Query } from '@qa/sync';
import { displayValue } from './audit-document';

/** How many item queries the trend dialog holds at most ('in' takes 30 audit ids each). */
export const TREND_ITEM_QUERIES = 4;
/** The most audits of one scope the trend reads: the newest ones. */
export const TREND_MAX_AUDITS = TREND_ITEM_QUERIES * MAX_IN_VALUES;

export interface TrendScopeChoice {
  key: string;
  /** The scope's values as the matrix shows them; '' for audits without a scope. */
  label: string;
  /** The scope's audits (their stored headers with the id), oldest first. */
  audits: (JsonObject & { id: string })[];
}

/** The scopes of the given audits, by label (those without a scope last). */
export function trendScopes(
  audits: readonly { id: string; data: JsonObject }[],
): TrendScopeChoice[] {
  const collator = new Intl.Collator(undefined, { numeric: true });
  return auditsByScope(
    audits.map((doc): JsonObject & { id: string } => ({ ...doc.data, id: doc.id })),
  )
    .map(({ key, audits: group }) => ({
      key,
      label: displayValue(group[0]!.scope),
      audits: [...group].sort(compareAuditOrder),
    }))
    .sort((a, b) =>
      a.label === '' ? 1 : b.label === '' ? -1 : collator.compare(a.label, b.label),
    );
}

/**
 * The queries of the scope's items: the newest `TREND_MAX_AUDITS` audits' ids, 30 to a query,
 * always `TREND_ITEM_QUERIES` entries (null: not needed) so a component holds them as hooks.
 */
export function trendItemQueries(auditIds: readonly string[]): (Query | null)[] {
  const newest = auditIds.slice(-TREND_MAX_AUDITS);
  return Array.from({ length: TREND_ITEM_QUERIES }, (_, index) => {
    const ids = newest.slice(index * MAX_IN_VALUES, (index + 1) * MAX_IN_VALUES);
    return ids.length === 0
      ? null
      : {
          collection: AUDIT_ITEMS_COLLECTION,
          filters: [{ path: ['auditId'], op: 'in' as const, value: ids }],
        };
  });
}

/** A VDA 6.3 audit of the scope as the trend lists it (issue 19): its E_G and class. */
export interface VdaTrendRow extends VdaAuditResult {
  id: string;
  name: string;
  /** The planning (else first auditing) day, or null; `year` is the trend's year. */
  day: string | null;
  year: number;
}

/** The scope's VDA audits, oldest first, with their E_G and class (empty: none is VDA). */
export function vdaTrendRows(
  trend: AuditTrend,
  audits: readonly (JsonObject & { id: string })[],
): VdaTrendRow[] {
  const results = new Map(
    trend.points.flatMap((point) => point.audits).map((result) => [result.id, result]),
  );
  return [...audits].sort(compareAuditOrder).flatMap((audit) => {
    const result = results.get(audit.id);
    if (!result?.vda) return [];
    return [
      {
        id: audit.id,
        name: displayValue(audit.name) || audit.id,
        day: auditDay(audit),
        year: result.year,
        ...result.vda,
      },
    ];
  });
}
