/**
 * The scoring schemas' names (scoring.ts says what each counts). In a module of their own, without
 * the scoring itself: the audit configuration's defaults name one, and a screen that reads the
 * configuration must not carry the scoring, the VDA rules and the question order with it.
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
