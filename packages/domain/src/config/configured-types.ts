import { z } from 'zod/mini';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../limits';
import { QK_ABBREVIATIONS } from '../scoring/qk';

/**
 * The types a configuration defines (SPEC section 3 "Configured types"). Ids are strings as
 * configured ('0', '1', '3', '9', 'na', ...); `value` is the numeric weight used in scoring.
 */
export const AUDIT_ITEM_STATES = ['deactivated', 'completed'] as const;
export const auditItemStateSchema = z.enum(AUDIT_ITEM_STATES);
export type AuditItemState = z.infer<typeof auditItemStateSchema>;

/** A question's degree of fulfilment with a finding of a type, in whole or fractional percent. */
export const FULFILMENT_MIN = 0;
export const FULFILMENT_MAX = 100;
const FULFILMENT_RANGE = { error: 'config.finding.fulfilmentRange' } as const;

export const findingTypeSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  /**
   * The type's severity, higher is worse, in every calc schema: the worst finding of a question
   * is the one of the highest value, and the deviation schema counts this value.
   */
  value: z.number(),
  text: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  short: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  description: z._default(z.string().check(z.maxLength(MAX_TEXT_LENGTH)), ''),
  placeholder_text: z._default(z.string().check(z.maxLength(MAX_TEXT_LENGTH)), ''),
  is_no_deviation: z._default(z.boolean(), false),
  is_not_applicable: z._default(z.boolean(), false),
  /** Storing a finding of this type puts the item into this state (SPEC section 4). */
  auditItemState: z._default(z.nullable(auditItemStateSchema), null),
  /**
   * The QK abbreviation a finding of this type counts as (SPEC section 9: A, A1, B, B1, C1).
   * Without it the QK number falls back to `short` when that is one of the abbreviations.
   */
  qkClass: z.optional(z.enum(QK_ABBREVIATIONS)),
  /**
   * The compliance schema's value ("Erfüllungsgrad"): how far a question with this finding as
   * its worst fulfils its requirement, 0 to 100 %. Missing in configurations stored before it
   * existed: scoring then derives it from `value` (`findingFulfilment`).
   */
  fulfilment: z.optional(
    z
      .number(FULFILMENT_RANGE)
      .check(z.gte(FULFILMENT_MIN, FULFILMENT_RANGE))
      .check(z.lte(FULFILMENT_MAX, FULFILMENT_RANGE)),
  ),
});
export type FindingType = z.infer<typeof findingTypeSchema>;

export const importanceSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  value: z.nullable(z.number()),
  description: z.string().check(z.maxLength(MAX_TEXT_LENGTH)),
  color: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
});
export type Importance = z.infer<typeof importanceSchema>;

export const measureTypeSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  text: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  short: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  description: z._default(z.string().check(z.maxLength(MAX_TEXT_LENGTH)), ''),
});
export type MeasureType = z.infer<typeof measureTypeSchema>;
