import { z } from 'zod';
import { auditItemStateSchema } from '../config/configured-types';
import { idSchema } from '../ids';
import {
  MAX_FILE_NAME_LENGTH,
  MAX_LONG_TEXT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TIMESTAMP_LENGTH,
  MAX_URL_LENGTH,
} from '../limits';

/** A one-line value: a configured id, a code, a category, a number like '4.1' or '12a'. */
const line = () => z.string().max(MAX_NAME_LENGTH);
/** A question's or finding's text. */
const longText = () => z.string().max(MAX_LONG_TEXT_LENGTH);

/** A chapter of a standard assigned to a question; chapter ids are '4.1', not document ids. */
export const chapterRefSchema = z.object({
  id: line().min(1),
  standard: line().default(''),
  description: z.string().max(MAX_TEXT_LENGTH).default(''),
});
export type ChapterRef = z.infer<typeof chapterRefSchema>;

/** Where a photo was taken, as the device reported it (degrees, metres, ISO time). */
export const mediaPositionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  accuracy: z.number().nonnegative().optional(),
  at: z.string().max(MAX_TIMESTAMP_LENGTH).optional(),
});
export type MediaPosition = z.infer<typeof mediaPositionSchema>;

/**
 * A photo or file of a finding. Entries of the old app carry only `url` (and maybe `name`);
 * new ones name the uploaded file (`fileId`, issue 11) and the evidence taken at capture: the
 * content's SHA-256 (lower-case hex, recomputed by the server on upload), capture time,
 * position and the capturing person. Every evidence field is optional, so old data stays valid.
 */
export const mediaSchema = z.object({
  id: idSchema,
  url: z.string().max(MAX_URL_LENGTH).optional(),
  fileId: idSchema.optional(),
  name: z.string().max(MAX_FILE_NAME_LENGTH).optional(),
  contentType: line().optional(),
  size: z.number().int().nonnegative().optional(),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  capturedAt: z.string().max(MAX_TIMESTAMP_LENGTH).optional(),
  position: mediaPositionSchema.nullable().optional(),
  /** A person id. */
  capturedBy: idSchema.nullable().optional(),
});
export type Media = z.infer<typeof mediaSchema>;

/** Where a finding was recorded, as the device reported it (degrees, metres, ISO time). */
export const geolocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().nonnegative().optional(),
  /** When the device measured the position. */
  at: z.string().max(MAX_TIMESTAMP_LENGTH).optional(),
});
export type Geolocation = z.infer<typeof geolocationSchema>;

/** A finding ("deviation", SPEC section 3), nested in its audit item keyed by its id. */
export const findingSchema = z.object({
  id: idSchema,
  /** The finding type id (configuration); checked against the configured types by the rules. */
  importance: line().min(1),
  text: longText().default(''),
  reason: longText().default(''),
  solution: longText().default(''),
  geolocation: geolocationSchema.nullable().default(null),
  /** Who found it, as typed or picked. */
  findingperson: line().nullable().default(null),
  riskassessment: longText().default(''),
  /** Keyed by media id. */
  media: z.record(idSchema, mediaSchema).default({}),
  error_code: line().optional(),
  module: line().optional(),
  part: line().optional(),
  zone: line().optional(),
  costcenter: line().optional(),
});
export type Finding = z.infer<typeof findingSchema>;

export const questionSchema = z.object({
  text: longText().trim().min(1),
  hint: longText().default(''),
  description: longText().default(''),
  category: line().default(''),
  category_id: line().default(''),
  subcategory: line().default(''),
  no: line().default(''),
  /** Audit item importance id ('0', '1', '3', '9'; '' = not defined). */
  importance: line().default(''),
  chapters: z.array(chapterRefSchema).default([]),
  /** A person id (the dialog's user picker). */
  assignedAuditor: idSchema.nullable().optional(),
  auditDay: line().nullable().optional(),
  /**
   * A VDA 6.3 "*-question" (special risk, issue 19): shown with an asterisk; 4 points downgrade
   * an A to B, 0 points to C. Absent = an ordinary question.
   */
  specialRisk: z.boolean().optional(),
  /**
   * The P6 sub-element ('U1' to 'U6') when not the one its number says (6.1.x is U1 ... 6.6.x
   * is U6); absent or '' = by number (`vdaSubElementOf`).
   */
  vdaSubElement: z.enum(['', 'U1', 'U2', 'U3', 'U4', 'U5', 'U6']).optional(),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * One VDA 6.3 evaluation of a question (issue 19): points of the rule set's scale, or null for
 * "not evaluated" (n.e.), which needs a reason. Who evaluated and when, for the record.
 */
export const vdaEvaluationSchema = z.object({
  points: z.number().int().min(0).max(100).nullable(),
  reason: longText().default(''),
  by: idSchema.nullable().optional(),
  at: z.string().max(MAX_TIMESTAMP_LENGTH).optional(),
});
export type VdaEvaluation = z.infer<typeof vdaEvaluationSchema>;

/**
 * An audit item (or template item): its own document carrying its parent's id, with the
 * findings nested (DESIGN.md section 4). `deactivated` / `completed` mirror `auditItemState`.
 */
export const auditItemSchema = z.object({
  id: idSchema,
  auditId: idSchema,
  processes: z.array(line()).default([]),
  question: questionSchema,
  Weight: z.number().nonnegative().default(1),
  auditItemState: auditItemStateSchema.nullable().default(null),
  deactivated: z.boolean().optional(),
  completed: z.boolean().optional(),
  /** Keyed by finding id. */
  deviations: z.record(idSchema, findingSchema).default({}),
  /**
   * The measures created from this item's findings: measure id -> finding id (issue 12), so
   * that discarding a finding discards its measures in the same command.
   */
  measures: z.record(idSchema, idSchema).optional(),
  /**
   * The VDA 6.3 evaluations of the question (issue 19) by evaluation key: 'all' when evaluated
   * once, 'product' / 'process' for P3 and P4 evaluated separately, a process step id for P6.
   */
  vda: z.record(idSchema, vdaEvaluationSchema).optional(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
