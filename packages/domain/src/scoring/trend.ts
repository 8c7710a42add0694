import type { AuditItem } from '../audit/audit-item.schema';
import type { FindingType, Importance } from '../config/configured-types';
import { auditScopeKey, auditYear, type ComparableAudit } from './comparison';
import { DEFAULT_QK_TABLE, qkScoreOfAuditItems, type QkTableEntry } from './qk';
import {
  calcSchemaOf,
  DEFAULT_CALC_SCHEMA_NAME,
  DEFAULT_REPORT_CALC_SCHEMA,
  scoreAudit,
  type CalcSchema,
} from './scoring';
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
 * - Every audit but a VDA 6.3 one is scored under the trend's one calc schema (`schema`, issue
 *   34.3), whatever its own: a year's mean of numbers of two scales would mean nothing. An audit
 *   stored with the other schema is marked `rescored`. An audit with nothing counted has no
 *   result, and one with no answered question has no QK number either (an untouched audit would
 *   otherwise show the table's best value). The QK number is computed for every audit, whether
 *   its report asks for it or not, so the years are comparable.
 * - A VDA 6.3 audit (issue 19) is graded by `gradeVdaAudit` on its own set-up and edition: its
 *   E_G and class (`vda`) are shown per audit, not in the year's result, since E_G is not on the
 *   schema's scale; `vdaEditions` lists the editions, so audits of different ones can be marked
 *   as not directly comparable.
 * - A year with several audits shows their mean, the result rounded to a whole percent like an
 *   audit's and the QK number to two decimals; a year none of whose audits has a value shows none.
 */

export interface TrendAudit extends ComparableAudit, VdaAuditHeader {
  /** The audit's `reportSchema.calcSchema` (null: the scoring's default). */
  calcSchema: string | null;
  items: readonly AuditItem[];
}

export interface TrendConfig {
  /** The calc schema every audit is scored under (default: the default report schema). */
  calcSchema?: string | null;
  findingTypes: readonly FindingType[];
  importances: readonly Importance[];
  qkTable?: readonly QkTableEntry[];
}

export interface TrendAuditResult {
  id: string;
  year: number;
  /** The result under the trend's schema; null for a VDA 6.3 audit (see `vda`). */
  percent: number | null;
  qk: number | null;
  /** A VDA 6.3 audit's E_G and class (absent for other audits). */
  vda?: VdaAuditResult;
  /** Stored with another calc schema than the trend's, and rescored (absent otherwise). */
  rescored?: true;
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
  /** The calc schema the results are scored under. */
  schema: CalcSchema;
  points: TrendPoint[];
  /** The VDA 6.3 editions of its VDA audits, sorted; more than one: not directly comparable. */
  vdaEditions: string[];
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
  const schema = calcSchemaOf(config.calcSchema ?? DEFAULT_REPORT_CALC_SCHEMA);
  const score = scoreAudit(audit.items, {
    calcSchema: schema,
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
    return { id: audit.id, year, percent: null, qk, vda };
  }
  const own = calcSchemaOf(audit.calcSchema ?? DEFAULT_CALC_SCHEMA_NAME);
  return {
    id: audit.id,
    year,
    percent: score.total.percent,
    qk,
    ...(own === schema ? {} : { rescored: true as const }),
  };
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
  const vdaEditions = [
    ...new Set(
      [...years.values()].flat().flatMap((result) => (result.vda ? [result.vda.edition] : [])),
    ),
  ].sort();
  return {
    schema: calcSchemaOf(config.calcSchema ?? DEFAULT_REPORT_CALC_SCHEMA),
    points,
    vdaEditions,
    undated,
  };
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
