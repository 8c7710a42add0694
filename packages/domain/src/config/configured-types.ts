import { z } from 'zod';
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
  id: z.string().min(1).max(MAX_NAME_LENGTH),
  /**
   * The type's severity, higher is worse, in every calc schema: the worst finding of a question
   * is the one of the highest value, and the deviation schema counts this value.
   */
  value: z.number(),
  text: z.string().max(MAX_NAME_LENGTH),
  short: z.string().max(MAX_NAME_LENGTH),
  description: z.string().max(MAX_TEXT_LENGTH).default(''),
  placeholder_text: z.string().max(MAX_TEXT_LENGTH).default(''),
  is_no_deviation: z.boolean().default(false),
  is_not_applicable: z.boolean().default(false),
  /** Storing a finding of this type puts the item into this state (SPEC section 4). */
  auditItemState: auditItemStateSchema.nullable().default(null),
  /**
   * The QK abbreviation a finding of this type counts as (SPEC section 9: A, A1, B, B1, C1).
   * Without it the QK number falls back to `short` when that is one of the abbreviations.
   */
  qkClass: z.enum(QK_ABBREVIATIONS).optional(),
  /**
   * The compliance schema's value ("Erfüllungsgrad"): how far a question with this finding as
   * its worst fulfils its requirement, 0 to 100 %. Missing in configurations stored before it
   * existed: scoring then derives it from `value` (`findingFulfilment`).
   */
  fulfilment: z
    .number(FULFILMENT_RANGE)
    .min(FULFILMENT_MIN, FULFILMENT_RANGE)
    .max(FULFILMENT_MAX, FULFILMENT_RANGE)
    .optional(),
});
export type FindingType = z.infer<typeof findingTypeSchema>;

export const importanceSchema = z.object({
  id: z.string().min(1).max(MAX_NAME_LENGTH),
  value: z.number().nullable(),
  description: z.string().max(MAX_TEXT_LENGTH),
  color: z.string().max(MAX_NAME_LENGTH),
});
export type Importance = z.infer<typeof importanceSchema>;

export const measureTypeSchema = z.object({
  id: z.string().min(1).max(MAX_NAME_LENGTH),
  text: z.string().max(MAX_NAME_LENGTH),
  short: z.string().max(MAX_NAME_LENGTH),
  description: z.string().max(MAX_TEXT_LENGTH).default(''),
});
export type MeasureType = z.infer<typeof measureTypeSchema>;
