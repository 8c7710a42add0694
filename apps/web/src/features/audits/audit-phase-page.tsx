import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotAvailableNotice } from '../../components/pages/not-available-notice';
import { ActionListTab } from './actionlist/action-list-tab';
import { AUDIT_PHASES, type AuditPhasePath } from './audit-phases';
import { ExecutionTab } from './execution/execution-tab';
import { PreparationTab } from './preparation/preparation-tab';
import { ReportingTab } from './reporting/reporting-tab';
import { WrapUpTab } from './wrapup/wrapup-tab';

/** One phase tab of an audit. */
export function AuditPhasePage({ phase }: { phase: AuditPhasePath }) {
  const { t } = useTranslation();
  const { auditId } = useParams();
  if (phase === 'auditpreparation' && auditId)
    return <PreparationTab key={auditId} auditId={auditId} />;
  if (phase === 'auditexecution' && auditId)
    return <ExecutionTab key={auditId} auditId={auditId} />;
  if (phase === 'auditwrapup' && auditId) return <WrapUpTab key={auditId} auditId={auditId} />;
  if (phase === 'auditreporting' && auditId)
    return <ReportingTab key={auditId} auditId={auditId} />;
  if (phase === 'auditactionlist' && auditId)
    return <ActionListTab key={auditId} auditId={auditId} />;
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
