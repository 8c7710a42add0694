import { z } from 'zod/mini';
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
const line = () => z.string().check(z.maxLength(MAX_NAME_LENGTH));

/** Person ids a list field holds (auditors, co-auditors, participants); empty by default. */
const personIdList = () => z._default(z.array(idSchema), []);

/** Values a list field holds (parties, processes, tags): typed or configured; empty by default. */
const valueList = () => z._default(z.array(line().check(z.minLength(1))), []);

/** A person id, or a request for one: the dialog requires a lead auditor ('Item is required'). */
const requiredPersonId = () => z.pipe(z.string(REQUIRED), idSchema);

/**
 * One scope value: either an entry of the scopes configuration (its id) or an object filled from
 * the configured scope schema (`{ plant: 'Munich', productline: 'TGX', steering: 'LL' }`).
 */
const scopeFieldValueSchema = z.union([line(), z.number(), z.boolean(), z.null()]);
export const scopeObjectSchema = z.record(line(), scopeFieldValueSchema);
export const scopeSchema = z.union([
  z.array(z.union([line().check(z.minLength(1)), scopeObjectSchema])),
  scopeObjectSchema,
]);
export type Scope = z.infer<typeof scopeSchema>;

/**
 * How the report computes its result: `calcSchema` 'deviation' (worse is higher) or any other
 * name for compliance; a new document gets 'deviation' (`DEFAULT_REPORT_CALC_SCHEMA`, as the
 * default configuration). `customResult` 'qk' adds the quality number.
 */
export const reportSchemaSchema = z.object({
  calcSchema: z._default(line().check(z.minLength(1)), DEFAULT_REPORT_CALC_SCHEMA),
  customResult: z._default(z.nullable(line().check(z.minLength(1))), null),
});
export type ReportSchema = z.infer<typeof reportSchemaSchema>;

/** Supplier and material of a supplier audit (shown only when audited_by is 'Lieferant'). */
export const auditSupplierMetadataSchema = z.object({
  supplier: z._default(
    z.object({
      name: z._default(line(), ''),
      location: z._default(line(), ''),
      no: z._default(line(), ''),
    }),
    { name: '', location: '', no: '' },
  ),
  material: z._default(z.object({ group: z._default(line(), ''), id: z._default(line(), '') }), {
    group: '',
    id: '',
  }),
});
export type AuditSupplierMetadata = z.infer<typeof auditSupplierMetadataSchema>;

/** The source an audit was prepared from; `version` is the template's `version` then. */
export const preparedFromSchema = z.union([
  z.strictObject({ templateId: idSchema, version: z.int().check(z.gte(1)) }),
  z.strictObject({ auditId: idSchema }),
]);
export type PreparedFrom = z.infer<typeof preparedFromSchema>;

/** A process step of a VDA 6.3 audit ("Stanzen", "Lackieren"): P6 is evaluated per step. */
export const vdaProcessStepSchema = z.object({
  id: idSchema,
  name: z
    .string(REQUIRED)
    .check(z.trim())
    .check(z.minLength(1, REQUIRED))
    .check(z.maxLength(MAX_NAME_LENGTH, MAX_LENGTH_ERROR)),
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
    ._default(z.array(vdaProcessStepSchema).check(z.maxLength(MAX_VDA_PROCESS_STEPS)), [])
    .check(
      z.refine((steps) => new Set(steps.map((step) => step.id)).size === steps.length, {
        error: 'vda.stepDuplicate',
      }),
    ),
  productProcessSplit: z._default(z.boolean(), false),
});
export type VdaSetup = z.infer<typeof vdaSetupSchema>;

/** The recorded confirmation that a VDA audit was completed with a grade that is not valid. */
export const vdaIncompleteConfirmationSchema = z.object({
  by: idSchema,
  at: timestampSchema,
  /** What was missing then, in words of the confirming person's language. */
  missing: z.array(z.string().check(z.maxLength(MAX_TEXT_LENGTH))).check(z.maxLength(200)),
});

/**
 * The fields audits and templates share (SPEC section 3 "Audit / template"). Questions are not
 * part of the header: each audit item is its own document carrying `auditId` (DESIGN.md
 * section 4), and unknown keys such as a legacy `audit_items` map are stripped on parse.
 */
export const auditHeaderSchema = z.object({
  id: idSchema,
  name: z
    .string(REQUIRED)
    .check(z.trim())
    .check(z.minLength(1, REQUIRED))
    .check(z.maxLength(MAX_NAME_LENGTH, MAX_LENGTH_ERROR)),
  protected: z._default(z.boolean(), false),
  /**
   * A standard id, or several for a combined audit. A reference as typed in an import, so a
   * bounded text rather than an id: an unknown standard shows as its text.
   */
  standard: z._default(
    z.union([line().check(z.minLength(1)), z.array(line().check(z.minLength(1)))]),
    [],
  ),
  type: z._default(line(), ''),
  audited_by: z._default(line(), ''),
  audit_reason: z._default(z.string().check(z.maxLength(MAX_TEXT_LENGTH)), ''),
  scope: z._default(scopeSchema, []),
  process: valueList(),
  tags: valueList(),
  interestedparties: valueList(),
  created_by: idSchema,
  created_date: timestampSchema,
  /** Auditors besides the lead auditor, as user ids (the dialog's "auditors"). */
  auditor: personIdList(),
  leadauditor: z._default(z.nullable(idSchema), null),
  coauditors: personIdList(),
  responsible: z._default(z.nullable(idSchema), null),
  audit_participants: personIdList(),
  /** Typed-in names of the supplier's responsibles (not people of the directory). */
  responsible_tech: z._default(z.nullable(line()), null),
  responsible_sales: z._default(z.nullable(line()), null),
  responsible_qm: z._default(z.nullable(line()), null),
  planning_year: z._default(z.nullable(z.int().check(z.gte(1900)).check(z.lte(9999))), null),
  planning_date: z._default(z.nullable(isoDateSchema), null),
  auditing_date: z._default(z.array(isoDateSchema), []),
  /** The older status (SPEC section 4 "older status list"); the workflow status is below. */
  status: z._default(z.nullable(line()), null),
  workflow: z._default(z.object({ status: z._default(line().check(z.minLength(1)), '1') }), {
    status: '1',
  }),
  summary: z._default(z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH)), ''),
  reportSchema: z._default(reportSchemaSchema, {
    calcSchema: DEFAULT_REPORT_CALC_SCHEMA,
    customResult: null,
  }),
  members: valueList(),
  additionalReportData: z._default(z.record(z.string(), z.unknown()), {}),
  attachments: z._default(z.record(idSchema, attachmentRefSchema), {}),
  metadata: z._default(auditSupplierMetadataSchema, {
    supplier: { name: '', location: '', no: '' },
    material: { group: '', id: '' },
  }),
  companyMetadata: z._default(z.nullable(companyMetadataSchema), null),
  /**
   * What the audit's questions were copied from (issue 14): the template and its version at the
   * time ("use template"), or the earlier audit ("new audit from the last audit of this scope").
   * The last copy wins. Written only by those commands, never by `audit.update`.
   */
  preparedFrom: z.optional(preparedFromSchema),
  /** VDA 6.3 set-up (issue 19), meaningful when `reportSchema.calcSchema` is 'vda63'. */
  vda: z.optional(vdaSetupSchema),
  /**
   * The VDA 6.3 edition the audit is evaluated under, recorded when its execution starts or at
   * its first evaluation; written only by those commands.
   */
  vdaEdition: z.optional(line().check(z.minLength(1))),
  /** Written only by `audit.complete` when a not valid VDA grade was confirmed. */
  vdaIncompleteConfirmed: z.optional(vdaIncompleteConfirmationSchema),
});

/** An audit: a lead auditor and a planning year are required (SPEC section 5). */
export const auditSchema = z.extend(auditHeaderSchema, {
  leadauditor: requiredPersonId(),
  planning_year: z
    .number(REQUIRED)
    .check(z.int(YEAR))
    .check(z.gte(1900, YEAR))
    .check(z.lte(9999, YEAR)),
});
export type Audit = z.infer<typeof auditSchema>;

/**
 * A template: the same header, planned and led by nobody yet, with a `version` that every change
 * of the template or of its items increments (issue 14), so an audit can say which state of the
 * template it was prepared from.
 */
export const templateSchema = z.extend(
  z.omit(auditHeaderSchema, { preparedFrom: true, vdaEdition: true, vdaIncompleteConfirmed: true }),
  { version: z._default(z.int().check(z.gte(1)), 1) },
);
export type Template = z.infer<typeof templateSchema>;
