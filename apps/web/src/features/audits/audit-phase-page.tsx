import type { ComponentType } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotAvailableNotice } from '../../components/pages/not-available-notice';
import { AUDIT_PHASES, type AuditPhasePath } from './audit-phases';

/** A phase's tab: the audit's id is all it is given. */
export type PhaseTab = ComponentType<{ auditId: string }>;

/**
 * One phase tab of an audit. The tab comes in as a prop, loaded by the phase's route on its own
 * (routes.tsx, phase-tabs.ts), so opening one tab does not load and evaluate the other four
 * (issue 40: the execution tab's first load carried the preparation, wrap-up, reporting and
 * action list tabs with their dialogs).
 */
export function AuditPhasePage({ phase, tab: Tab }: { phase: AuditPhasePath; tab?: PhaseTab }) {
  const { t } = useTranslation();
  const { auditId } = useParams();
  if (Tab && auditId) return <Tab key={auditId} auditId={auditId} />;
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
