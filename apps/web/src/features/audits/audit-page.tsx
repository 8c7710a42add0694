import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  AUDITS_COLLECTION,
  auditStatusOf,
  auditStepForStatus,
  availableTransitions,
  resolveWorkflowStatus,
} from '@qa/domain';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { lazyComponent } from '../../app/chunk-load';
import { PageLayout } from '../../components/pages/page-layout';
import { onFirstIntent } from '../../lib/dom/first-intent';
import { FavoriteButton } from '../favorites/favorite-button';
import { PageSpinner } from '../../components/pages/page-spinner';
import { useRightDrawer } from '../../components/shell/right-drawer-provider';
import { useLanguage } from '../../lib/i18n/use-language';
import { SyncStateIcon } from '../../lib/sync/sync-state-icon';
import { useDocument } from '../../lib/sync/use-document';
import { personLabel, usePeople } from '../people/use-people';
import { displayValue } from './audit-document';
import { supplierHeaderLines } from './audit-supplier-text';
import { AuditPhaseMenu } from './audit-phase-menu';
import { AUDIT_PHASES } from './audit-phases';
import { auditStandardIds, useAuditStandards } from './preparation/use-preparation-config';
import { SEND_REPORT_STATE } from './reporting/send-report-state';
import { auditWorkflow, workflowLabel } from './audit-workflow-labels';

/**
 * The workflow stepper (MUI's stepper, a comment field, the VDA completion dialog): opened from
 * a status button, fetched at the person's first touch or key on the page, not with its first
 * load (issue 40).
 */
const loadAuditStepper = () => import('./audit-stepper');
const AuditStepper = lazyComponent(loadAuditStepper, (m) => m.AuditStepper);

/**
 * /audit/:auditId: header and the five phase tabs (SPEC section 2 "Audit screen"), '404 Document
 * not found' for an unknown audit. The tabs are links, so every phase has its own URL; each
 * transition of the audit's status is a button that opens the workflow stepper in the right
 * drawer.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { auditId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const drawer = useRightDrawer();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const { document: audit, loading } = useDocument(AUDITS_COLLECTION, auditId);
  const { document: workflowDoc } = useDocument('configuration', 'workflow');
  const people = usePeople();
  useEffect(() => onFirstIntent(() => void loadAuditStepper().catch(() => undefined)), []);
  // The header names the standard (issue 11.9), not its id; an unknown id shows as it is.
  const standardIds = useMemo(() => auditStandardIds(audit?.data.standard), [audit]);
  const { standards } = useAuditStandards(standardIds);
  const standardText = standardIds
    .map((id) => standards.find((standard) => standard.id === id)?.name ?? id)
    .join(', ');

  if (loading) return <PageSpinner label={t('audit.loading')} />;
  if (!audit || !auditId) {
    return (
      <PageLayout title={t('audit.notFoundTitle')}>
        <Typography data-testid="audit-not-found">{t('audit.notFound')}</Typography>
      </PageLayout>
    );
  }

  const data = audit.data;
  const workflow = auditWorkflow(workflowDoc?.data);
  const status = auditStatusOf(data);
  const resolved = resolveWorkflowStatus(workflow, status, 'audit');
  const statusText = resolved.status
    ? workflowLabel(resolved.status.id, resolved.status.description, language)
    : resolved.display;
  const transitions = availableTransitions(workflow, status, 'audit');
  const current = AUDIT_PHASES.find((phase) => pathname.endsWith(`/${phase.path}`))?.path ?? false;
  const lead = typeof data.leadauditor === 'string' ? data.leadauditor : '';
  const name = displayValue(data.name) || auditId;

  const openStepper = (to: string) =>
    drawer.open(
      t('audit.stepper.title'),
      <Suspense fallback={<PageSpinner label={t('audit.loading')} />}>
        <AuditStepper
          auditId={auditId}
          initialStep={auditStepForStatus(to)}
          onCancel={drawer.close}
          onContinue={(page, { sendReport }) => {
            drawer.close();
            void navigate(page, sendReport ? { state: SEND_REPORT_STATE } : undefined);
          }}
        />
      </Suspense>,
    );

  return (
    <PageLayout title={name}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
        data-testid="audit-header"
      >
        <SyncStateIcon state={audit.state} />
        <FavoriteButton kind="audits" id={auditId} name={name} />
        {data.protected === true && (
          <LockIcon
            role="img"
            aria-hidden={false}
            aria-label={t('audit.protected')}
            titleAccess={t('audit.protected')}
            data-testid="audit-protected"
          />
        )}
        <Chip label={statusText} color="primary" size="small" data-testid="audit-status" />
        {standardText && (
          <Typography variant="body2" data-testid="audit-standard">
            {t('audit.header.standard', { value: standardText })}
          </Typography>
        )}
        {displayValue(data.scope) && (
          <Typography variant="body2">
            {t('audit.header.scope', { value: displayValue(data.scope) })}
          </Typography>
        )}
        {lead && (
          <Typography variant="body2">
            {/* People are not replicated yet: SPEC section 8's fallback for an unresolved user. */}
            {t('audit.header.leadAuditor', { value: personLabel(people.byId, lead, t) })}
          </Typography>
        )}
        {supplierHeaderLines(data, t).map((line) => (
          <Typography key={line.key} variant="body2" data-testid={`audit-${line.key}`}>
            {line.text}
          </Typography>
        ))}
        <Box sx={{ flex: 1 }} />
        {transitions.map((transition) => (
          <Button
            key={`${transition.from}>${transition.to}`}
            variant="outlined"
            size="small"
            onClick={() => openStepper(transition.to)}
            data-testid={`audit-transition-${transition.to}`}
          >
            {workflowLabel(`${transition.from}>${transition.to}`, transition.description, language)}
          </Button>
        ))}
        <Button
          component={RouterLink}
          to="edit"
          size="small"
          startIcon={<EditIcon />}
          data-testid="audit-edit"
        >
          {t('auditDialog.edit')}
        </Button>
      </Stack>
      {/* Five tabs from 600 px on; on a phone a menu of the phases (audit-phase-menu.tsx). Only
          the one shown is rendered: hidden tabs still measured themselves in the first screen's
          commit (issue 40). */}
      {wide ? (
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={current}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('audit.phasesLabel')}
          >
            {AUDIT_PHASES.map((phase) => (
              <Tab
                key={phase.path}
                value={phase.path}
                label={t(phase.labelKey)}
                component={RouterLink}
                to={phase.path}
              />
            ))}
          </Tabs>
        </Box>
      ) : (
        <AuditPhaseMenu current={current} />
      )}
      <Box sx={{ pt: 2 }}>
        <Outlet />
      </Box>
    </PageLayout>
  );
}
