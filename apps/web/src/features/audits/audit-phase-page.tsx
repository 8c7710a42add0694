import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NotAvailableNotice } from '../../components/pages/not-available-notice';
import { AUDIT_PHASES, type AuditPhasePath } from './audit-phases';

/** One phase tab of an audit; its content lands with the audit feature. */
export function AuditPhasePage({ phase }: { phase: AuditPhasePath }) {
  const { t } = useTranslation();
  const labelKey = AUDIT_PHASES.find((entry) => entry.path === phase)?.labelKey;
  return (
    <>
      {labelKey && (
        <Typography variant="h5" component="h2" gutterBottom>
          {t(labelKey)}
        </Typography>
      )}
      <NotAvailableNotice />
    </>
  );
}
