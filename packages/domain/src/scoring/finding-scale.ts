import { FULFILMENT_MAX, type FindingType } from '../config/configured-types';

/**
 * A finding type's place on both scales of scoring (issue 34, decision 67). Its `value` is its
 * severity, higher is worse, whatever the calc schema: it decides which finding of a question is
 * the worst, and the deviation schema counts it. The compliance schema counts the type's
 * `fulfilment` (0..100 %), which must not rise with the severity; a configuration stored before
 * `fulfilment` existed gets it derived from the severity, as the migration writes it.
 */

export interface FindingWeightRange {
  min: number;
  max: number;
}

export const DEFAULT_FINDING_WEIGHT_RANGE: FindingWeightRange = { min: 0, max: 3 };

type ScaledType = Pick<FindingType, 'value' | 'is_no_deviation' | 'is_not_applicable'> & {
  fulfilment?: number | undefined;
};

/** Range of the finding values that can be scored ('not applicable' types can't). */
export function findingWeightRange(types: readonly ScaledType[]): FindingWeightRange {
  const values = types
    .filter((type) => !type.is_not_applicable && Number.isFinite(type.value))
    .map((type) => type.value);
  if (values.length === 0) return DEFAULT_FINDING_WEIGHT_RANGE;
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min < max ? { min, max } : DEFAULT_FINDING_WEIGHT_RANGE;
}

/** The severity a finding of this type counts with: 'no deviation' is the least severe. */
export function findingSeverity(type: ScaledType, range: FindingWeightRange): number {
  if (type.is_no_deviation || !Number.isFinite(type.value)) return range.min;
  return Math.min(range.max, Math.max(range.min, type.value));
}

/**
 * The degree of fulfilment of a question whose worst finding is of this type: 100 % for 'no
 * deviation', the configured `fulfilment`, else its severity's place in the range mirrored
 * (least severe 100 %, most severe 0 %), rounded to a whole percent.
 */
export function findingFulfilment(type: ScaledType, range: FindingWeightRange): number {
  if (type.is_no_deviation) return FULFILMENT_MAX;
  if (type.fulfilment !== undefined) return type.fulfilment;
  const severity = findingSeverity(type, range);
  return Math.round(((range.max - severity) / (range.max - range.min)) * FULFILMENT_MAX);
}

/**
 * The types whose fulfilment is above that of a less severe type (index and the other type's
 * id): such a configuration would let a worse finding raise a compliance score. Types that are
 * not scored ('not applicable') or always count as best ('no deviation') are left out.
 */
export function fulfilmentOrderViolations(
  types: readonly (ScaledType & { id: string })[],
): { index: number; lessSevere: string }[] {
  const range = findingWeightRange(types);
  const scored = types
    .map((type, index) => ({ type, index }))
    .filter(({ type }) => !type.is_not_applicable && !type.is_no_deviation);
  const violations: { index: number; lessSevere: string }[] = [];
  for (const { type, index } of scored) {
    const fulfilment = findingFulfilment(type, range);
    const lessSevere = scored.find(
      ({ type: other }) =>
        findingSeverity(other, range) < findingSeverity(type, range) &&
        findingFulfilment(other, range) < fulfilment,
    );
    if (lessSevere) violations.push({ index, lessSevere: lessSevere.type.id });
  }
  return violations;
}
