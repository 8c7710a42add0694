import {
  FULFILMENT_MAX,
  FULFILMENT_MIN,
  type FindingType,
  type Importance,
} from '../config/configured-types';
import type { AuditItem } from '../audit/audit-item.schema';
import type { DomainMessage } from '../messages/message';
import { isAuditItemAnswered, type VdaAnswerContext } from '../audit/answered-rules';
import { compareByQuestion } from '../sorting/question-order';
import {
  CALC_SCHEMA_DEVIATION,
  calcSchemaOf,
  DEFAULT_CALC_SCHEMA_NAME,
  type CalcSchema,
} from './calc-schema';
import {
  findingFulfilment,
  findingSeverity,
  findingWeightRange,
  type FindingWeightRange,
} from './finding-scale';

/**
 * Audit scoring (SPEC section 9). In every schema a finding type's `value` is its severity,
 * higher is worse, and a question counts its worst finding, the one of the highest severity
 * (finding-scale.ts). Schema 'deviation' counts that severity (higher is worse, the "max
 * aggregation"); any other schema name is compliance ("Erfüllungsgrad"), which counts the worst
 * finding's degree of fulfilment, 0..100 % (lower is worse, the "min aggregation"). One formula
 * serves both: percent = round((current - worst) / (best - worst) * 100). See docs/decisions.md
 * (decisions 18 and 67) for what counts as best, worst and counted.
 */
export {
  CALC_SCHEMA_COMPLIANCE,
  CALC_SCHEMA_DEVIATION,
  calcSchemaOf,
  DEFAULT_CALC_SCHEMA_NAME,
  DEFAULT_REPORT_CALC_SCHEMA,
  type CalcSchema,
} from './calc-schema';

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
  /** Answered items (`isAuditItemAnswered`: finding, one touch, VDA evaluation, n/a). */
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
  /** A VDA 6.3 audit's set-up: its questions are answered by their evaluations (progress). */
  vda?: VdaAnswerContext | null;
}

/** Why an item does not enter the score. */
export type ItemExclusion =
  /** Deactivated, or a finding of a 'not applicable' type. */
  | 'notApplicable'
  /** No finding yet. */
  | 'unanswered'
  /** Only findings of types the configuration does not know (any more). */
  | 'unknownFindingType';

/**
 * One item's part in its score ("explain my score", issue 13): what it weighs, which finding
 * set its value, and what it adds to the current, best and worst sums; or why it does not count.
 */
export interface ItemExplanation {
  itemId: string;
  /** The question's number and text, for the explanation's table. */
  no: string;
  text: string;
  /** The question's importance id ('' = none) and where the weight came from. */
  importance: string;
  weightFrom: 'importance' | 'item';
  weight: number;
  /** The finding type whose value counts: the worst (most severe) of the item's findings. */
  findingTypeId: string | null;
  /**
   * The value that counts, null when excluded: under deviation the worst finding's severity
   * (clamped to the configured range), under compliance its degree of fulfilment in percent.
   */
  value: number | null;
  /** weight x value, weight x best value, weight x worst value; null when excluded. */
  contribution: number | null;
  bestContribution: number | null;
  worstContribution: number | null;
  excluded: ItemExclusion | null;
  /** Answered as `isAuditItemAnswered` says (counts for progress). */
  answered: boolean;
}

/** The items behind a score, in the scope's order, with the values the formula uses. */
export interface ScoreExplanation extends ScoreNumbers {
  items: ItemExplanation[];
}

export interface AuditScoreExplanation {
  schema: CalcSchema;
  range: FindingWeightRange;
  /** The value a perfect item has (range min for deviation, 100 % for compliance). */
  bestValue: number;
  worstValue: number;
  total: ScoreExplanation;
  categories: (ScoreExplanation & { categoryId: string; categoryName: string | null })[];
}

function bestAndWorstValue(schema: CalcSchema, range: FindingWeightRange) {
  return schema === CALC_SCHEMA_DEVIATION
    ? { bestValue: range.min, worstValue: range.max }
    : { bestValue: FULFILMENT_MAX, worstValue: FULFILMENT_MIN };
}

/** The weight of an item and whether the configured importance or the item's own Weight gave it. */
function itemWeight(item: AuditItem, importances: readonly Importance[]) {
  const importance = importances.find((entry) => entry.id === item.question.importance);
  const value = importance?.value;
  const fromImportance = typeof value === 'number';
  const weight = fromImportance ? value : item.Weight;
  return {
    weight: Number.isFinite(weight) ? Math.max(0, weight) : 1,
    weightFrom: fromImportance ? ('importance' as const) : ('item' as const),
  };
}

/** Item weight: the configured importance value, else the item's own Weight (default 1). */
export function auditItemWeight(item: AuditItem, importances: readonly Importance[]): number {
  return itemWeight(item, importances).weight;
}

function explainItem(
  item: AuditItem,
  config: ScoringConfig,
  schema: CalcSchema,
  range: FindingWeightRange,
): ItemExplanation {
  const { bestValue, worstValue } = bestAndWorstValue(schema, range);
  const findings = Object.values(item.deviations);
  const findingTypes = findings.map((finding) =>
    config.findingTypes.find((type) => type.id === finding.importance),
  );
  const notApplicable =
    item.auditItemState === 'deactivated' || findingTypes.some((type) => type?.is_not_applicable);
  const known = findingTypes
    .filter((type): type is FindingType => type !== undefined)
    .map((type) => ({
      id: type.id,
      severity: findingSeverity(type, range),
      value:
        schema === CALC_SCHEMA_DEVIATION
          ? findingSeverity(type, range)
          : findingFulfilment(type, range),
    }));
  const answered = isAuditItemAnswered(item, config.vda);
  const { weight, weightFrom } = itemWeight(item, config.importances);
  const base = {
    itemId: item.id,
    no: item.question.no,
    text: item.question.text,
    importance: item.question.importance,
    weightFrom,
    weight,
    answered,
  };
  const excluded: ItemExclusion | null = notApplicable
    ? 'notApplicable'
    : findings.length === 0
      ? 'unanswered'
      : known.length === 0
        ? 'unknownFindingType'
        : null;
  if (excluded !== null) {
    return {
      ...base,
      findingTypeId: null,
      value: null,
      contribution: null,
      bestContribution: null,
      worstContribution: null,
      excluded,
    };
  }
  // The worst finding counts, in both schemas: the most severe; of equally severe ones the one
  // worth less under the schema (a lower fulfilment), so a finding never improves its question.
  const deciding = known.reduce((worst, candidate) =>
    candidate.severity > worst.severity ||
    (candidate.severity === worst.severity &&
      (schema === CALC_SCHEMA_DEVIATION
        ? candidate.value > worst.value
        : candidate.value < worst.value))
      ? candidate
      : worst,
  );
  return {
    ...base,
    findingTypeId: deciding.id,
    value: deciding.value,
    contribution: weight * deciding.value,
    bestContribution: weight * bestValue,
    worstContribution: weight * worstValue,
    excluded: null,
  };
}

function sumScores(items: readonly ItemExplanation[]): ScoreNumbers {
  let current = 0;
  let best = 0;
  let worst = 0;
  let countedItems = 0;
  for (const item of items) {
    if (item.excluded !== null) continue;
    current += item.contribution!;
    best += item.bestContribution!;
    worst += item.worstContribution!;
    countedItems += 1;
  }
  const totalItems = items.length;
  const answeredItems = items.filter((item) => item.answered).length;
  return {
    current,
    best,
    worst,
    percent: compliancePercent(current, best, worst),
    countedItems,
    totalItems,
    answeredItems,
    notApplicableItems: items.filter((item) => item.excluded === 'notApplicable').length,
    progress: totalItems === 0 ? 0 : Math.round((answeredItems / totalItems) * 100),
  };
}

export function compliancePercent(current: number, best: number, worst: number): number | null {
  if (best === worst) return null;
  // `+ 0` turns a rounded -0 into 0; no clamping, so the property tests check the arithmetic.
  return Math.round(((current - worst) / (best - worst)) * 100) + 0;
}

/**
 * The score of an audit and of each category, with every item's part in it: the numbers of
 * `scoreAudit` recompute exactly from the items' contributions (issue 13, "explain my score").
 */
export function explainAuditScore(
  items: readonly AuditItem[],
  config: ScoringConfig,
): AuditScoreExplanation {
  const schema = calcSchemaOf(config.calcSchema ?? DEFAULT_CALC_SCHEMA_NAME);
  const range = findingWeightRange(config.findingTypes);
  // In the questions' order (their numbers, "2" before "10"), so categories come as the
  // catalogue has them, whatever order the items were stored or synced in.
  const ordered = [...items].sort(compareByQuestion);
  const explained = ordered.map((item) => ({
    item,
    explanation: explainItem(item, config, schema, range),
  }));
  const groups = new Map<string, { name: string | null; items: ItemExplanation[] }>();
  for (const { item, explanation } of explained) {
    const name = item.question.category.trim();
    const id = item.question.category_id.trim() || name;
    const group = groups.get(id) ?? { name: name === '' ? null : name, items: [] };
    group.items.push(explanation);
    groups.set(id, group);
  }
  const all = explained.map(({ explanation }) => explanation);
  return {
    schema,
    range,
    ...bestAndWorstValue(schema, range),
    total: { ...sumScores(all), items: all },
    categories: [...groups].map(([categoryId, group]) => ({
      categoryId,
      categoryName: group.name,
      ...sumScores(group.items),
      items: group.items,
    })),
  };
}

/** The score of an audit and of each category (SPEC section 9). */
export function scoreAudit(items: readonly AuditItem[], config: ScoringConfig): AuditScore {
  const { schema, range, total, categories } = explainAuditScore(items, config);
  const numbers = ({ items: _items, ...rest }: ScoreExplanation): ScoreNumbers => rest;
  return {
    schema,
    range,
    total: numbers(total),
    categories: categories.map(({ categoryId, categoryName, ...scope }) => ({
      categoryId,
      categoryName,
      ...numbers(scope),
    })),
  };
}
