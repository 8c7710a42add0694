import Typography from '@mui/material/Typography';
import { AUDITS_COLLECTION } from '@qa/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { useDocument } from '../../lib/sync/use-document';
import { AuditDialog } from './audit-dialog';

/**
 * /audit/:auditId/edit: the audit metadata dialog (SPEC section 2) over the audit screen.
 * Closing it, saved or not, goes back to /audit/:auditId (which opens the status's tab).
 */
export function AuditEditPage() {
  const { t } = useTranslation();
  const { auditId } = useParams();
  const navigate = useNavigate();
  const { document, loading } = useDocument(AUDITS_COLLECTION, auditId);

  // Normally the audit screen around this route answers an unknown audit already.
  if (!loading && (!document || !auditId)) {
    return (
      <PageLayout title={t('audit.notFoundTitle')}>
        <Typography data-testid="audit-not-found">{t('audit.notFound')}</Typography>
      </PageLayout>
    );
  }
  return (
    <AuditDialog
      open={auditId !== undefined}
      auditId={auditId}
      onClose={() => void navigate(`/audit/${encodeURIComponent(auditId ?? '')}`)}
    />
  );
}
