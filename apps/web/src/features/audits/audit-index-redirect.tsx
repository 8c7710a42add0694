import { AUDITS_COLLECTION, auditStatusOf, auditTabForStatus } from '@qa/domain';
import { Navigate, useParams } from 'react-router';
import { useDocument } from '../../lib/sync/use-document';
import { DEFAULT_AUDIT_PHASE } from './audit-phases';

/**
 * /audit/{auditId} opens the tab of the phase the audit's status names (decision 71: New and
 * Preparation -> preparation ... Reporting and Completed -> reporting), preparation when the
 * status has no tab of its own.
 */
export function AuditIndexRedirect() {
  const { auditId } = useParams();
  const { document, loading } = useDocument(AUDITS_COLLECTION, auditId);
  if (loading || !document) return null;
  const tab = auditTabForStatus(auditStatusOf(document.data)) ?? DEFAULT_AUDIT_PHASE;
  return <Navigate to={tab} replace />;
}
