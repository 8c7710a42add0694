import {
  auditSupplierOf,
  filledSupplierFields,
  supplierSummary,
  type AuditSupplierField,
} from '@qa/domain';
import type { TFunction } from 'i18next';

/** Each field's name, the audit dialog's own (the words the user typed them under). */
const FIELD_LABELS: Record<AuditSupplierField, string> = {
  name: 'auditDialog.supplierName',
  location: 'auditDialog.supplierLocation',
  no: 'auditDialog.supplierNo',
  materialGroup: 'auditDialog.materialGroup',
  materialId: 'auditDialog.materialId',
  reason: 'auditDialog.reason',
};

/** The supplier's filled fields with their names, for the PDF cover and the exports. */
export function supplierFieldRows(audit: unknown, t: TFunction): [string, string][] {
  return filledSupplierFields(auditSupplierOf(audit)).map(([field, value]) => [
    t(FIELD_LABELS[field]),
    value,
  ]);
}

export type SupplierHeaderLine = 'supplier' | 'material' | 'reason';

const HEADER_LABELS: Record<SupplierHeaderLine, string> = {
  supplier: 'audit.header.supplier',
  material: 'audit.header.material',
  reason: 'audit.header.reason',
};

/**
 * The header's short lines (issue 34.4): "Supplier: Muster Guss GmbH, Ulm (4711)",
 * "Material: Gussteile · MG-12", "Reason: ..."; a line without a value is left out.
 */
export function supplierHeaderLines(
  audit: unknown,
  t: TFunction,
): { key: SupplierHeaderLine; text: string }[] {
  const identity = auditSupplierOf(audit);
  const values: [SupplierHeaderLine, string][] = [
    ['supplier', supplierSummary(identity)],
    ['material', [identity.materialGroup, identity.materialId].filter(Boolean).join(' \u00b7 ')],
    ['reason', identity.reason],
  ];
  return values
    .filter(([, value]) => value !== '')
    .map(([key, value]) => ({ key, text: t(HEADER_LABELS[key], { value }) }));
}
