import { z } from 'zod';
import { auditItemStateSchema } from '../config/configured-types';
import { idSchema } from '../ids';

/** A chapter of a standard assigned to a question. */
export const chapterRefSchema = z.object({
  id: z.string().min(1),
  standard: z.string().default(''),
  description: z.string().default(''),
});
export type ChapterRef = z.infer<typeof chapterRefSchema>;

export const mediaSchema = z.object({
  id: idSchema,
  url: z.string(),
  name: z.string().optional(),
});
export type Media = z.infer<typeof mediaSchema>;

export const geolocationSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().nonnegative().optional(),
});
export type Geolocation = z.infer<typeof geolocationSchema>;

/** A finding ("deviation", SPEC section 3), nested in its audit item keyed by its id. */
export const findingSchema = z.object({
  id: idSchema,
  /** The finding type id (configuration); checked against the configured types by the rules. */
  importance: z.string().min(1),
  text: z.string().default(''),
  reason: z.string().default(''),
  solution: z.string().default(''),
  geolocation: geolocationSchema.nullable().default(null),
  findingperson: z.string().nullable().default(null),
  riskassessment: z.string().default(''),
  media: z.record(z.string(), mediaSchema).default({}),
  error_code: z.string().optional(),
  module: z.string().optional(),
  part: z.string().optional(),
  zone: z.string().optional(),
  costcenter: z.string().optional(),
});
export type Finding = z.infer<typeof findingSchema>;

export const questionSchema = z.object({
  text: z.string().trim().min(1),
  hint: z.string().default(''),
  description: z.string().default(''),
  category: z.string().default(''),
  category_id: z.string().default(''),
  subcategory: z.string().default(''),
  no: z.string().default(''),
  /** Audit item importance id ('0', '1', '3', '9'; '' = not defined). */
  importance: z.string().default(''),
  chapters: z.array(chapterRefSchema).default([]),
  assignedAuditor: z.string().nullable().optional(),
  auditDay: z.string().nullable().optional(),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * An audit item (or template item): its own document carrying its parent's id, with the
 * findings nested (DESIGN.md section 4). `deactivated` / `completed` mirror `auditItemState`.
 */
export const auditItemSchema = z.object({
  id: idSchema,
  auditId: idSchema,
  processes: z.array(z.string()).default([]),
  question: questionSchema,
  Weight: z.number().nonnegative().default(1),
  auditItemState: auditItemStateSchema.nullable().default(null),
  deactivated: z.boolean().optional(),
  completed: z.boolean().optional(),
  deviations: z.record(z.string(), findingSchema).default({}),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
