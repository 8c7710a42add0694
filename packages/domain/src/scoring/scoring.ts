import type { FindingType, Importance } from '../config/configured-types';
import type { AuditItem } from '../audit/audit-item.schema';
import type { DomainMessage } from '../messages/message';

/**
 * Audit scoring (SPEC section 9). With schema 'deviation' a higher finding value is worse and an
 * item counts its worst (max) finding; any other schema name is compliance, where a lower value is
 * worse and an item counts its worst (min) finding. One formula serves both:
 * percent = round((current - worst) / (best - worst) * 100). See docs/decisions.md for what
 * counts as best, worst and counted.
 */
export const CALC_SCHEMA_DEVIATION = 'deviation';
export const CALC_SCHEMA_COMPLIANCE = 'compliance';
export type CalcSchema = typeof CALC_SCHEMA_DEVIATION | typeof CALC_SCHEMA_COMPLIANCE;

/** What the scoring assumes when an audit names no schema (SPEC section 9: default 'compliance'). */
export const DEFAULT_CALC_SCHEMA_NAME: CalcSchema = CALC_SCHEMA_COMPLIANCE;

/**
 * The schema a new audit document and the default configuration get: the default finding types
 * are deviation-oriented (higher value = worse), so a stored audit says 'deviation' explicitly
 * (docs/decisions.md, "Scoring"). Only a document without any `calcSchema` is scored as
 * compliance.
 */
export const DEFAULT_REPORT_CALC_SCHEMA: CalcSchema = CALC_SCHEMA_DEVIATION;

export function calcSchemaOf(name: string | null | undefined): CalcSchema {
  return name === CALC_SCHEMA_DEVIATION ? CALC_SCHEMA_DEVIATION : CALC_SCHEMA_COMPLIANCE;
}

export interface FindingWeightRange {
  min: number;
  max: number;
}

export const DEFAULT_FINDING_WEIGHT_RANGE: FindingWeightRange = { min: 0, max: 3 };

/** Range of the finding values that can be scored ('not applicable' types can't). */
export function findingWeightRange(types: readonly FindingType[]): FindingWeightRange {
  const values = types
    .filter((type) => !type.is_not_applicable && Number.isFinite(type.value))
    .map((type) => type.value);
  if (values.length === 0) return DEFAULT_FINDING_WEIGHT_RANGE;
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min < max ? { min, max } : DEFAULT_FINDING_WEIGHT_RANGE;
}

export interface ScoreNumbers {
  /** Sum of weight x item value over the counted items. */
  current: number;
  /** What the counted items would score with the best possible finding each. */
  best: number;
  worst: number;
  /** 0..100, or null when best equals worst (nothing weighted to score). */
  percent: number | null;
  /** Items that entered current/best/worst: answered, applicable, with a known finding type. */
  countedItems: number;
  totalItems: number;
  /** Items with at least one finding. */
  answeredItems: number;
  notApplicableItems: number;
  /** round(answeredItems / totalItems * 100); 0 for no items. */
  progress: number;
}

export interface CategoryScore extends ScoreNumbers {
  categoryId: string;
  /** null: no category; show NO_CATEGORY_MESSAGE. */
  categoryName: string | null;
}

export interface AuditScore {
  schema: CalcSchema;
  range: FindingWeightRange;
  total: ScoreNumbers;
  categories: CategoryScore[];
}

export const NO_CATEGORY_MESSAGE: DomainMessage = { key: 'scoring.noCategory' };

export interface ScoringConfig {
  calcSchema?: string | null;
  findingTypes: readonly FindingType[];
  importances: readonly Importance[];
}

interface ItemScore {
  answered: boolean;
  notApplicable: boolean;
  /** null when the item does not count. */
  counted: { weight: number; value: number } | null;
}

/** Item weight: the configured importance value, else the item's own Weight (default 1). */
export function auditItemWeight(item: AuditItem, importances: readonly Importance[]): number {
  const importance = importances.find((entry) => entry.id === item.question.importance);
  const weight = typeof importance?.value === 'number' ? importance.value : item.Weight;
  return Number.isFinite(weight) ? Math.max(0, weight) : 1;
}

function scoreItem(
  item: AuditItem,
  config: ScoringConfig,
  schema: CalcSchema,
  range: FindingWeightRange,
): ItemScore {
  const findings = Object.values(item.deviations);
  const findingTypes = findings.map((finding) =>
    config.findingTypes.find((type) => type.id === finding.importance),
  );
  const notApplicable =
    item.auditItemState === 'deactivated' || findingTypes.some((type) => type?.is_not_applicable);
  const bestValue = schema === CALC_SCHEMA_DEVIATION ? range.min : range.max;
  const values = findingTypes
    .filter((type): type is FindingType => type !== undefined)
    .map((type) =>
      type.is_no_deviation ? bestValue : Math.min(range.max, Math.max(range.min, type.value)),
    );
  const answered = findings.length > 0;
  if (notApplicable || values.length === 0) return { answered, notApplicable, counted: null };
  const value = schema === CALC_SCHEMA_DEVIATION ? Math.max(...values) : Math.min(...values);
  return {
    answered,
    notApplicable,
    counted: { weight: auditItemWeight(item, config.importances), value },
  };
}

function sumScores(scores: readonly ItemScore[], schema: CalcSchema, range: FindingWeightRange) {
  const bestValue = schema === CALC_SCHEMA_DEVIATION ? range.min : range.max;
  const worstValue = schema === CALC_SCHEMA_DEVIATION ? range.max : range.min;
  let current = 0;
  let best = 0;
  let worst = 0;
  let countedItems = 0;
  for (const { counted } of scores) {
    if (!counted) continue;
    current += counted.weight * counted.value;
    best += counted.weight * bestValue;
    worst += counted.weight * worstValue;
    countedItems += 1;
  }
  const totalItems = scores.length;
  const answeredItems = scores.filter((score) => score.answered).length;
  return {
    current,
    best,
    worst,
    percent: compliancePercent(current, best, worst),
    countedItems,
    totalItems,
    answeredItems,
    notApplicableItems: scores.filter((score) => score.notApplicable).length,
    progress: totalItems === 0 ? 0 : Math.round((answeredItems / totalItems) * 100),
  };
}

export function compliancePercent(current: number, best: number, worst: number): number | null {
  if (best === worst) return null;
  // `+ 0` turns a rounded -0 into 0; no clamping, so the property tests check the arithmetic.
  return Math.round(((current - worst) / (best - worst)) * 100) + 0;
}

export function scoreAudit(items: readonly AuditItem[], config: ScoringConfig): AuditScore {
  const schema = calcSchemaOf(config.calcSchema ?? DEFAULT_CALC_SCHEMA_NAME);
  const range = findingWeightRange(config.findingTypes);
  const scored = items.map((item) => ({ item, score: scoreItem(item, config, schema, range) }));
  const groups = new Map<string, { name: string | null; scores: ItemScore[] }>();
  for (const { item, score } of scored) {
    const name = item.question.category.trim();
    const id = item.question.category_id.trim() || name;
    const group = groups.get(id) ?? { name: name === '' ? null : name, scores: [] };
    group.scores.push(score);
    groups.set(id, group);
  }
  return {
    schema,
    range,
    total: sumScores(
      scored.map(({ score }) => score),
      schema,
      range,
    ),
    categories: [...groups].map(([categoryId, group]) => ({
      categoryId,
      categoryName: group.name,
      ...sumScores(group.scores, schema, range),
    })),
  };
}
