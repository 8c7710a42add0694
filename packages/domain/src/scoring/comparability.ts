import { isVdaAuditHeader, type VdaAuditHeader } from '../vda/vda-comparison';
import { vdaRuleSetOf } from '../vda/vda-rules';
import { calcSchemaOf, DEFAULT_CALC_SCHEMA_NAME, type CalcSchema } from './scoring';

/**
 * Like with like (issue 34.3, decision 68). A comparison and a trend score every audit under
 * one calc schema, which they name; an audit's findings can be scored under either schema, so
 * an audit stored with the other one is rescored, not set beside a number of another scale. A
 * VDA 6.3 grade cannot be rescored (it comes from evaluations, not from findings), so a VDA
 * audit beside a scored one, or VDA audits of different editions, are not directly comparable.
 */

/** How an audit's result comes about: a calc schema, or VDA 6.3 in an edition. */
export type GradingBasis =
  { kind: 'schema'; schema: CalcSchema } | { kind: 'vda63'; edition: string };

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A stored audit's basis: VDA 6.3 in its recorded edition (else the current one), or its schema. */
export function gradingBasisOf(audit: VdaAuditHeader | null | undefined): GradingBasis {
  if (isVdaAuditHeader(audit)) {
    const recorded = typeof audit?.vdaEdition === 'string' ? audit.vdaEdition : null;
    return { kind: 'vda63', edition: vdaRuleSetOf(recorded).edition };
  }
  const name = objectOf(audit?.reportSchema).calcSchema;
  return {
    kind: 'schema',
    schema: calcSchemaOf(typeof name === 'string' ? name : DEFAULT_CALC_SCHEMA_NAME),
  };
}

/** Why two audits' results are not directly comparable. */
export type NotComparableReason =
  /** One is graded by VDA 6.3, the other by a calc schema. */
  | 'vdaAndSchema'
  /** Both by VDA 6.3, in different editions. */
  | 'vdaEdition';

export interface Comparability {
  /** What the comparison grades both by: the current audit's basis. */
  basis: GradingBasis;
  earlierBasis: GradingBasis;
  /** The earlier audit was stored with another calc schema and is rescored under `basis`. */
  rescored: boolean;
  /** null: directly comparable. */
  notComparable: NotComparableReason | null;
}

/** Whether an earlier audit's result can stand beside the current one's, and on which basis. */
export function auditComparability(
  earlier: VdaAuditHeader | null | undefined,
  current: VdaAuditHeader | null | undefined,
): Comparability {
  return comparabilityOf(gradingBasisOf(earlier), gradingBasisOf(current));
}

/** `auditComparability` of two bases. */
export function comparabilityOf(earlierBasis: GradingBasis, basis: GradingBasis): Comparability {
  const notComparable: NotComparableReason | null =
    basis.kind !== earlierBasis.kind
      ? 'vdaAndSchema'
      : basis.kind === 'vda63' &&
          earlierBasis.kind === 'vda63' &&
          basis.edition !== earlierBasis.edition
        ? 'vdaEdition'
        : null;
  const rescored =
    basis.kind === 'schema' &&
    earlierBasis.kind === 'schema' &&
    basis.schema !== earlierBasis.schema;
  return { basis, earlierBasis, rescored, notComparable };
}
