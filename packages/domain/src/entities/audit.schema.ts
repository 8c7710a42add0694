import { z } from 'zod';
import { companyMetadataSchema } from '../company/company-metadata.schema';
import { idSchema, isoDateSchema, timestampSchema } from '../ids';
import { DEFAULT_REPORT_CALC_SCHEMA } from '../scoring/scoring';
import { attachmentRefSchema } from './attachment.schema';

const REQUIRED = { error: 'validation.required' } as const;
const YEAR = { error: 'validation.year' } as const;

/** Ids a list field holds (people, parties, processes, tags); empty by default. */
const idList = () => z.array(z.string().min(1)).default([]);

/**
 * One scope value: either an entry of the scopes configuration (its id) or an object filled from
 * the configured scope schema (`{ plant: 'Munich', productline: 'TGX', steering: 'LL' }`).
 */
const scopeFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const scopeObjectSchema = z.record(z.string(), scopeFieldValueSchema);
export const scopeSchema = z.union([
  z.array(z.union([z.string().min(1), scopeObjectSchema])),
  scopeObjectSchema,
]);
export type Scope = z.infer<typeof scopeSchema>;

/**
 * How the report computes its result: `calcSchema` 'deviation' (worse is higher) or any other
 * name for compliance; a new document gets 'deviation' (`DEFAULT_REPORT_CALC_SCHEMA`, as the
 * default configuration). `customResult` 'qk' adds the quality number.
 */
export const reportSchemaSchema = z.object({
  calcSchema: z.string().min(1).default(DEFAULT_REPORT_CALC_SCHEMA),
  customResult: z.string().min(1).nullable().default(null),
});
export type ReportSchema = z.infer<typeof reportSchemaSchema>;

/** Supplier and material of a supplier audit (shown only when audited_by is 'Lieferant'). */
export const auditSupplierMetadataSchema = z.object({
  supplier: z
    .object({
      name: z.string().default(''),
      location: z.string().default(''),
      no: z.string().default(''),
    })
    .default({ name: '', location: '', no: '' }),
  material: z
    .object({ group: z.string().default(''), id: z.string().default('') })
    .default({ group: '', id: '' }),
});
export type AuditSupplierMetadata = z.infer<typeof auditSupplierMetadataSchema>;

/**
 * The fields audits and templates share (SPEC section 3 "Audit / template"). Questions are not
 * part of the header: each audit item is its own document carrying `auditId` (DESIGN.md
 * section 4), and unknown keys such as a legacy `audit_items` map are stripped on parse.
 */
export const auditHeaderSchema = z.object({
  id: idSchema,
  name: z.string(REQUIRED).trim().min(1, REQUIRED),
  protected: z.boolean().default(false),
  /** A standard id, or several for a combined audit. */
  standard: z.union([z.string().min(1), z.array(z.string().min(1))]).default([]),
  type: z.string().default(''),
  audited_by: z.string().default(''),
  audit_reason: z.string().default(''),
  scope: scopeSchema.default([]),
  process: idList(),
  tags: idList(),
  interestedparties: idList(),
  created_by: idSchema,
  created_date: timestampSchema,
  /** Auditors besides the lead auditor, as user ids (the dialog's "auditors"). */
  auditor: idList(),
  leadauditor: idSchema.nullable().default(null),
  coauditors: idList(),
  responsible: idSchema.nullable().default(null),
  audit_participants: idList(),
  responsible_tech: z.string().nullable().default(null),
  responsible_sales: z.string().nullable().default(null),
  responsible_qm: z.string().nullable().default(null),
  planning_year: z.number().int().min(1900).max(9999).nullable().default(null),
  planning_date: isoDateSchema.nullable().default(null),
  auditing_date: z.array(isoDateSchema).default([]),
  /** The older status (SPEC section 4 "older status list"); the workflow status is below. */
  status: z.string().nullable().default(null),
  workflow: z.object({ status: z.string().min(1).default('1') }).default({ status: '1' }),
  summary: z.string().default(''),
  reportSchema: reportSchemaSchema.default({
    calcSchema: DEFAULT_REPORT_CALC_SCHEMA,
    customResult: null,
  }),
  members: idList(),
  additionalReportData: z.record(z.string(), z.unknown()).default({}),
  attachments: z.record(z.string(), attachmentRefSchema).default({}),
  metadata: auditSupplierMetadataSchema.default({
    supplier: { name: '', location: '', no: '' },
    material: { group: '', id: '' },
  }),
  companyMetadata: companyMetadataSchema.nullable().default(null),
});

/** An audit: a lead auditor and a planning year are required (SPEC section 5). */
export const auditSchema = auditHeaderSchema.extend({
  leadauditor: z.string(REQUIRED).trim().min(1, REQUIRED),
  planning_year: z.number(REQUIRED).int(YEAR).min(1900, YEAR).max(9999, YEAR),
});
export type Audit = z.infer<typeof auditSchema>;

/** A template: the same header, planned and led by nobody yet. */
export const templateSchema = auditHeaderSchema;
export type Template = z.infer<typeof templateSchema>;
