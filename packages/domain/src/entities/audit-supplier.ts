import { auditSupplierMetadataSchema } from './audit.schema';

/**
 * Who and what a supplier audit is about (issue 34.4): the supplier (name, location, number),
 * the material (group, number) and the reason for the audit. The header, the matrix, the PDF
 * cover and the exports show the same fields, so a supplier recognises the report as theirs.
 */
export interface AuditSupplierIdentity {
  name: string;
  location: string;
  no: string;
  materialGroup: string;
  materialId: string;
  reason: string;
}

/** The identity's fields in the order they are shown. */
export const AUDIT_SUPPLIER_FIELDS = [
  'name',
  'location',
  'no',
  'materialGroup',
  'materialId',
  'reason',
] as const satisfies readonly (keyof AuditSupplierIdentity)[];
export type AuditSupplierField = (typeof AUDIT_SUPPLIER_FIELDS)[number];

const EMPTY: AuditSupplierIdentity = {
  name: '',
  location: '',
  no: '',
  materialGroup: '',
  materialId: '',
  reason: '',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The identity from a stored audit, read leniently: a document stored before a field existed,
 * or with a field of the wrong kind, reads as empty there instead of failing the whole screen.
 * Values are trimmed.
 */
export function auditSupplierOf(audit: unknown): AuditSupplierIdentity {
  if (!isRecord(audit)) return EMPTY;
  const parsed = auditSupplierMetadataSchema.safeParse(audit.metadata ?? {});
  const reason = typeof audit.audit_reason === 'string' ? audit.audit_reason.trim() : '';
  if (!parsed.success) return { ...EMPTY, reason };
  const { supplier, material } = parsed.data;
  return {
    name: supplier.name.trim(),
    location: supplier.location.trim(),
    no: supplier.no.trim(),
    materialGroup: material.group.trim(),
    materialId: material.id.trim(),
    reason,
  };
}

/** The filled fields, in display order (what a header or a cover prints). */
export function filledSupplierFields(
  identity: AuditSupplierIdentity,
): [AuditSupplierField, string][] {
  return AUDIT_SUPPLIER_FIELDS.filter((field) => identity[field] !== '').map((field) => [
    field,
    identity[field],
  ]);
}

/**
 * The supplier in one line, for a list's column: "Muster GmbH, Ulm (4711)"; the location and
 * the number when there is no name; '' when none of the three is given.
 */
export function supplierSummary(identity: AuditSupplierIdentity): string {
  const place = [identity.name, identity.location].filter(Boolean).join(', ');
  if (!identity.no) return place;
  return place ? `${place} (${identity.no})` : identity.no;
}
