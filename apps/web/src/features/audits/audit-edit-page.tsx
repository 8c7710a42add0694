import { PlaceholderPage } from '../../components/pages/placeholder-page';

/** /audit/:id/edit: the audit metadata dialog (SPEC section 2). */
export function AuditEditPage() {
  return <PlaceholderPage titleKey="audit.editTitle" />;
}
