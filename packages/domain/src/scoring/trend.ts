import type { AuditItem } from '../audit/audit-item.schema';
import type { FindingType, Importance } from '../config/configured-types';
import { auditScopeKey, auditYear, type ComparableAudit } from './comparison';
import { DEFAULT_QK_TABLE, qkScoreOfAuditItems, type QkTableEntry } from './qk';
import { scoreAudit } from './scoring';
import {
  vdaAuditResult,
  vdaGradeInputOf,
  type VdaAuditHeader,
  type VdaAuditResult,
} from '../vda/vda-comparison';
import { gradeVdaAudit } from '../vda/vda-grade';
import { CALC_SCHEMA_VDA63 } from '../vda/vda-rules';

/**
 * The trend of a scope (issue 13.5, beyond the spec): per year, the result and the QK number of
 * its audits. Rules:
 *
 * - An audit's year is its planning year, else its planning date's year (`auditYear`); an audit
 *   with neither is left out (counted in `undated`).
 * - Each audit is scored under its own calc schema; an audit with nothing counted has no result,
 *   and one with no answered question has no QK number either (an untouched audit would otherwise
 *   show the table's best value). The QK number is computed for every audit, whether its report
 *   asks for it or not, so the years are comparable.
 * - A VDA 6.3 audit (issue 19) is graded by `gradeVdaAudit` on its own set-up and edition: its
 *   result is E_G, and it also has its class (`vda`), shown per audit (a class has no mean).
 * - A year with several audits shows their mean, the result rounded to a whole percent like an
 *   audit's and the QK number to two decimals; a year none of whose audits has a value shows none.
 */

export interface TrendAudit extends ComparableAudit, VdaAuditHeader {
  /** The audit's `reportSchema.calcSchema` (null: the scoring's default). */
  calcSchema: string | null;
  items: readonly AuditItem[];
}

export interface TrendConfig {
  findingTypes: readonly FindingType[];
  importances: readonly Importance[];
  qkTable?: readonly QkTableEntry[];
}

export interface TrendAuditResult {
  id: string;
  year: number;
  percent: number | null;
  qk: number | null;
  /** A VDA 6.3 audit's E_G and class (absent for other audits). */
  vda?: VdaAuditResult;
}

export interface TrendPoint {
  year: number;
  /** The year's audits, oldest first as given. */
  audits: TrendAuditResult[];
  /** Mean result of the audits that have one, whole percent; null: none has. */
  percent: number | null;
  /** Mean QK number of the audits that have one, two decimals; null: none has. */
  qk: number | null;
}

export interface AuditTrend {
  points: TrendPoint[];
  /** Audits without a planning year or date. */
  undated: number;
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The result and QK number of one audit, as the trend counts them. */
export function trendAuditResult(
  audit: TrendAudit,
  config: TrendConfig,
  year: number,
): TrendAuditResult {
  const score = scoreAudit(audit.items, {
    calcSchema: audit.calcSchema,
    findingTypes: config.findingTypes,
    importances: config.importances,
  });
  const answered = score.total.answeredItems > 0;
  const qk = answered
    ? qkScoreOfAuditItems(audit.items, config.findingTypes, config.qkTable ?? DEFAULT_QK_TABLE)
        .score
    : null;
  if (audit.calcSchema === CALC_SCHEMA_VDA63) {
    const vda = vdaAuditResult(
      gradeVdaAudit(vdaGradeInputOf(audit, audit.items, config.findingTypes)),
    );
    return { id: audit.id, year, percent: vda.percent, qk, vda };
  }
  return { id: audit.id, year, percent: score.total.percent, qk };
}

/** Result and QK number per year of the given audits (one scope's: see `auditsByScope`). */
export function auditTrend(audits: readonly TrendAudit[], config: TrendConfig): AuditTrend {
  const years = new Map<number, TrendAuditResult[]>();
  let undated = 0;
  for (const audit of audits) {
    const year = auditYear(audit);
    if (year === null) {
      undated += 1;
      continue;
    }
    const results = years.get(year) ?? [];
    results.push(trendAuditResult(audit, config, year));
    years.set(year, results);
  }
  const points = [...years]
    .sort(([a], [b]) => a - b)
    .map(([year, results]): TrendPoint => {
      const percent = mean(results.flatMap((result) => result.percent ?? []));
      const qk = mean(results.flatMap((result) => result.qk ?? []));
      return {
        year,
        audits: results,
        percent: percent === null ? null : Math.round(percent) + 0,
        qk: qk === null ? null : Math.round(qk * 100) / 100,
      };
    });
  return { points, undated };
}

/** Audits grouped by their scope (`auditScopeKey`), in the order the scopes first occur. */
export function auditsByScope<T extends ComparableAudit>(
  audits: readonly T[],
): { key: string; audits: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const audit of audits) {
    const key = auditScopeKey(audit.scope);
    const group = groups.get(key) ?? [];
    group.push(audit);
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) => ({ key, audits: group }));
}
