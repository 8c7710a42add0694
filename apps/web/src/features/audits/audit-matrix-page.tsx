import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /auditmatrix: the audit programme (SPEC section 2 "Audit matrix"). */
export function AuditMatrixPage() {
  return <PlaceholderPage titleKey="auditMatrix.title" />;
}
