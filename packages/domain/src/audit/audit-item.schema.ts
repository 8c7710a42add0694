import { z } from 'zod/mini';
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
const line = () => z.string().check(z.maxLength(MAX_NAME_LENGTH));
/** A question's or finding's text. */
const longText = () => z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH));

/** A chapter of a standard assigned to a question; chapter ids are '4.1', not document ids. */
export const chapterRefSchema = z.object({
  id: line().check(z.minLength(1)),
  standard: z._default(line(), ''),
  description: z._default(z.string().check(z.maxLength(MAX_TEXT_LENGTH)), ''),
});
export type ChapterRef = z.infer<typeof chapterRefSchema>;

/** Where a photo was taken, as the device reported it (degrees, metres, ISO time). */
export const mediaPositionSchema = z.object({
  lat: z.number().check(z.gte(-90)).check(z.lte(90)),
  lon: z.number().check(z.gte(-180)).check(z.lte(180)),
  accuracy: z.optional(z.number().check(z.nonnegative())),
  at: z.optional(z.string().check(z.maxLength(MAX_TIMESTAMP_LENGTH))),
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
  url: z.optional(z.string().check(z.maxLength(MAX_URL_LENGTH))),
  fileId: z.optional(idSchema),
  name: z.optional(z.string().check(z.maxLength(MAX_FILE_NAME_LENGTH))),
  contentType: z.optional(line()),
  size: z.optional(z.int().check(z.nonnegative())),
  sha256: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  capturedAt: z.optional(z.string().check(z.maxLength(MAX_TIMESTAMP_LENGTH))),
  position: z.optional(z.nullable(mediaPositionSchema)),
  /** A person id. */
  capturedBy: z.optional(z.nullable(idSchema)),
});
export type Media = z.infer<typeof mediaSchema>;

/** Where a finding was recorded, as the device reported it (degrees, metres, ISO time). */
export const geolocationSchema = z.object({
  latitude: z.number().check(z.gte(-90)).check(z.lte(90)),
  longitude: z.number().check(z.gte(-180)).check(z.lte(180)),
  accuracy: z.optional(z.number().check(z.nonnegative())),
  /** When the device measured the position. */
  at: z.optional(z.string().check(z.maxLength(MAX_TIMESTAMP_LENGTH))),
});
export type Geolocation = z.infer<typeof geolocationSchema>;

/** A finding ("deviation", SPEC section 3), nested in its audit item keyed by its id. */
export const findingSchema = z.object({
  id: idSchema,
  /** The finding type id (configuration); checked against the configured types by the rules. */
  importance: line().check(z.minLength(1)),
  text: z._default(longText(), ''),
  reason: z._default(longText(), ''),
  solution: z._default(longText(), ''),
  geolocation: z._default(z.nullable(geolocationSchema), null),
  /** Who found it, as typed or picked. */
  findingperson: z._default(z.nullable(line()), null),
  riskassessment: z._default(longText(), ''),
  /** Keyed by media id. */
  media: z._default(z.record(idSchema, mediaSchema), {}),
  error_code: z.optional(line()),
  module: z.optional(line()),
  part: z.optional(line()),
  zone: z.optional(line()),
  costcenter: z.optional(line()),
});
export type Finding = z.infer<typeof findingSchema>;

export const questionSchema = z.object({
  text: longText().check(z.trim()).check(z.minLength(1)),
  hint: z._default(longText(), ''),
  description: z._default(longText(), ''),
  category: z._default(line(), ''),
  category_id: z._default(line(), ''),
  subcategory: z._default(line(), ''),
  no: z._default(line(), ''),
  /** Audit item importance id ('0', '1', '3', '9'; '' = not defined). */
  importance: z._default(line(), ''),
  chapters: z._default(z.array(chapterRefSchema), []),
  /** A person id (the dialog's user picker). */
  assignedAuditor: z.optional(z.nullable(idSchema)),
  auditDay: z.optional(z.nullable(line())),
  /**
   * A VDA 6.3 "*-question" (special risk, issue 19): shown with an asterisk; 4 points downgrade
   * an A to B, 0 points to C. Absent = an ordinary question.
   */
  specialRisk: z.optional(z.boolean()),
  /**
   * The P6 sub-element ('U1' to 'U6') when not the one its number says (6.1.x is U1 ... 6.6.x
   * is U6); absent or '' = by number (`vdaSubElementOf`).
   */
  vdaSubElement: z.optional(z.enum(['', 'U1', 'U2', 'U3', 'U4', 'U5', 'U6'])),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * One VDA 6.3 evaluation of a question (issue 19): points of the rule set's scale, or null for
 * "not evaluated" (n.e.), which needs a reason. Who evaluated and when, for the record.
 */
export const vdaEvaluationSchema = z.object({
  points: z.nullable(z.int().check(z.gte(0)).check(z.lte(100))),
  reason: z._default(longText(), ''),
  by: z.optional(z.nullable(idSchema)),
  at: z.optional(z.string().check(z.maxLength(MAX_TIMESTAMP_LENGTH))),
});
export type VdaEvaluation = z.infer<typeof vdaEvaluationSchema>;

/**
 * An audit item (or template item): its own document carrying its parent's id, with the
 * findings nested (DESIGN.md section 4). `deactivated` / `completed` mirror `auditItemState`.
 */
export const auditItemSchema = z.object({
  id: idSchema,
  auditId: idSchema,
  processes: z._default(z.array(line()), []),
  question: questionSchema,
  Weight: z._default(z.number().check(z.nonnegative()), 1),
  auditItemState: z._default(z.nullable(auditItemStateSchema), null),
  deactivated: z.optional(z.boolean()),
  completed: z.optional(z.boolean()),
  /** Keyed by finding id. */
  deviations: z._default(z.record(idSchema, findingSchema), {}),
  /**
   * The measures created from this item's findings: measure id -> finding id (issue 12), so
   * that discarding a finding discards its measures in the same command.
   */
  measures: z.optional(z.record(idSchema, idSchema)),
  /**
   * The VDA 6.3 evaluations of the question (issue 19) by evaluation key: 'all' when evaluated
   * once, 'product' / 'process' for P3 and P4 evaluated separately, a process step id for P6.
   */
  vda: z.optional(z.record(idSchema, vdaEvaluationSchema)),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
