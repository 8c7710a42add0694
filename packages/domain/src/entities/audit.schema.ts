import { z } from 'zod';
import { companyMetadataSchema } from '../company/company-metadata.schema';
import { idSchema, isoDateSchema, timestampSchema } from '../ids';
import {
  MAX_LENGTH_ERROR,
  MAX_LONG_TEXT_LENGTH,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
} from '../limits';
import { DEFAULT_REPORT_CALC_SCHEMA } from '../scoring/scoring';
import { attachmentRefSchema } from './attachment.schema';

const REQUIRED = { error: 'validation.required' } as const;
const YEAR = { error: 'validation.year' } as const;

/** A one-line text (names, configured ids, parties, processes), at most MAX_NAME_LENGTH. */
const line = () => z.string().max(MAX_NAME_LENGTH);

/** Person ids a list field holds (auditors, co-auditors, participants); empty by default. */
const personIdList = () => z.array(idSchema).default([]);

/** Values a list field holds (parties, processes, tags): typed or configured; empty by default. */
const valueList = () => z.array(line().min(1)).default([]);

/** A person id, or a request for one: the dialog requires a lead auditor ('Item is required'). */
const requiredPersonId = () => z.string(REQUIRED).pipe(idSchema);

/**
 * One scope value: either an entry of the scopes configuration (its id) or an object filled from
 * the configured scope schema (`{ plant: 'Munich', productline: 'TGX', steering: 'LL' }`).
 */
const scopeFieldValueSchema = z.union([line(), z.number(), z.boolean(), z.null()]);
export const scopeObjectSchema = z.record(line(), scopeFieldValueSchema);
export const scopeSchema = z.union([
  z.array(z.union([line().min(1), scopeObjectSchema])),
  scopeObjectSchema,
]);
export type Scope = z.infer<typeof scopeSchema>;

/**
 * How the report computes its result: `calcSchema` 'deviation' (worse is higher) or any other
 * name for compliance; a new document gets 'deviation' (`DEFAULT_REPORT_CALC_SCHEMA`, as the
 * default configuration). `customResult` 'qk' adds the quality number.
 */
export const reportSchemaSchema = z.object({
  calcSchema: line().min(1).default(DEFAULT_REPORT_CALC_SCHEMA),
  customResult: line().min(1).nullable().default(null),
});
export type ReportSchema = z.infer<typeof reportSchemaSchema>;

/** Supplier and material of a supplier audit (shown only when audited_by is 'Lieferant'). */
export const auditSupplierMetadataSchema = z.object({
  supplier: z
    .object({
      name: line().default(''),
      location: line().default(''),
      no: line().default(''),
    })
    .default({ name: '', location: '', no: '' }),
  material: z
    .object({ group: line().default(''), id: line().default('') })
    .default({ group: '', id: '' }),
});
export type AuditSupplierMetadata = z.infer<typeof auditSupplierMetadataSchema>;

/** The source an audit was prepared from; `version` is the template's `version` then. */
export const preparedFromSchema = z.union([
  z.strictObject({ templateId: idSchema, version: z.number().int().min(1) }),
  z.strictObject({ auditId: idSchema }),
]);
export type PreparedFrom = z.infer<typeof preparedFromSchema>;

/** A process step of a VDA 6.3 audit ("Stanzen", "Lackieren"): P6 is evaluated per step. */
export const vdaProcessStepSchema = z.object({
  id: idSchema,
  name: z.string(REQUIRED).trim().min(1, REQUIRED).max(MAX_NAME_LENGTH, MAX_LENGTH_ERROR),
});
export type VdaProcessStep = z.infer<typeof vdaProcessStepSchema>;

/** Most process steps one VDA audit lists. */
export const MAX_VDA_PROCESS_STEPS = 30;

/**
 * How a VDA 6.3 audit is evaluated (issue 19), set in the audit or template dialog: its process
 * steps (P6 per step) and whether P3 and P4 are evaluated separately for product and process.
 */
export const vdaSetupSchema = z.object({
  processSteps: z
    .array(vdaProcessStepSchema)
    .max(MAX_VDA_PROCESS_STEPS)
    .default([])
    .refine((steps) => new Set(steps.map((step) => step.id)).size === steps.length, {
      error: 'vda.stepDuplicate',
    }),
  productProcessSplit: z.boolean().default(false),
});
export type VdaSetup = z.infer<typeof vdaSetupSchema>;

/** The recorded confirmation that a VDA audit was completed with a grade that is not valid. */
export const vdaIncompleteConfirmationSchema = z.object({
  by: idSchema,
  at: timestampSchema,
  /** What was missing then, in words of the confirming person's language. */
  missing: z.array(z.string().max(MAX_TEXT_LENGTH)).max(200),
});

/**
 * The fields audits and templates share (SPEC section 3 "Audit / template"). Questions are not
 * part of the header: each audit item is its own document carrying `auditId` (DESIGN.md
 * section 4), and unknown keys such as a legacy `audit_items` map are stripped on parse.
 */
export const auditHeaderSchema = z.object({
  id: idSchema,
  name: z.string(REQUIRED).trim().min(1, REQUIRED).max(MAX_NAME_LENGTH, MAX_LENGTH_ERROR),
  protected: z.boolean().default(false),
  /**
   * A standard id, or several for a combined audit. A reference as typed in an import, so a
   * bounded text rather than an id: an unknown standard shows as its text.
   */
  standard: z.union([line().min(1), z.array(line().min(1))]).default([]),
  type: line().default(''),
  audited_by: line().default(''),
  audit_reason: z.string().max(MAX_TEXT_LENGTH).default(''),
  scope: scopeSchema.default([]),
  process: valueList(),
  tags: valueList(),
  interestedparties: valueList(),
  created_by: idSchema,
  created_date: timestampSchema,
  /** Auditors besides the lead auditor, as user ids (the dialog's "auditors"). */
  auditor: personIdList(),
  leadauditor: idSchema.nullable().default(null),
  coauditors: personIdList(),
  responsible: idSchema.nullable().default(null),
  audit_participants: personIdList(),
  /** Typed-in names of the supplier's responsibles (not people of the directory). */
  responsible_tech: line().nullable().default(null),
  responsible_sales: line().nullable().default(null),
  responsible_qm: line().nullable().default(null),
  planning_year: z.number().int().min(1900).max(9999).nullable().default(null),
  planning_date: isoDateSchema.nullable().default(null),
  auditing_date: z.array(isoDateSchema).default([]),
  /** The older status (SPEC section 4 "older status list"); the workflow status is below. */
  status: line().nullable().default(null),
  workflow: z.object({ status: line().min(1).default('1') }).default({ status: '1' }),
  summary: z.string().max(MAX_LONG_TEXT_LENGTH).default(''),
  reportSchema: reportSchemaSchema.default({
    calcSchema: DEFAULT_REPORT_CALC_SCHEMA,
    customResult: null,
  }),
  members: valueList(),
  additionalReportData: z.record(z.string(), z.unknown()).default({}),
  attachments: z.record(idSchema, attachmentRefSchema).default({}),
  metadata: auditSupplierMetadataSchema.default({
    supplier: { name: '', location: '', no: '' },
    material: { group: '', id: '' },
  }),
  companyMetadata: companyMetadataSchema.nullable().default(null),
  /**
   * What the audit's questions were copied from (issue 14): the template and its version at the
   * time ("use template"), or the earlier audit ("new audit from the last audit of this scope").
   * The last copy wins. Written only by those commands, never by `audit.update`.
   */
  preparedFrom: preparedFromSchema.optional(),
  /** VDA 6.3 set-up (issue 19), meaningful when `reportSchema.calcSchema` is 'vda63'. */
  vda: vdaSetupSchema.optional(),
  /**
   * The VDA 6.3 edition the audit is evaluated under, recorded when its execution starts or at
   * its first evaluation; written only by those commands.
   */
  vdaEdition: line().min(1).optional(),
  /** Written only by `audit.complete` when a not valid VDA grade was confirmed. */
  vdaIncompleteConfirmed: vdaIncompleteConfirmationSchema.optional(),
});

/** An audit: a lead auditor and a planning year are required (SPEC section 5). */
export const auditSchema = auditHeaderSchema.extend({
  leadauditor: requiredPersonId(),
  planning_year: z.number(REQUIRED).int(YEAR).min(1900, YEAR).max(9999, YEAR),
});
export type Audit = z.infer<typeof auditSchema>;

/**
 * A template: the same header, planned and led by nobody yet, with a `version` that every change
 * of the template or of its items increments (issue 14), so an audit can say which state of the
 * template it was prepared from.
 */
export const templateSchema = auditHeaderSchema
  .omit({ preparedFrom: true, vdaEdition: true, vdaIncompleteConfirmed: true })
  .extend({ version: z.number().int().min(1).default(1) });
export type Template = z.infer<typeof templateSchema>;
