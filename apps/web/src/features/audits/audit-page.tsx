import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { PageLayout } from '../../components/pages/page-layout';
import { AUDIT_PHASES } from './audit-phases';

/**
 * /audit/:auditId: header and the five phase tabs (SPEC section 2 "Audit screen"). The tabs are
 * links, so every phase has its own URL and the back button works between them.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = AUDIT_PHASES.find((phase) => pathname.endsWith(`/${phase.path}`))?.path ?? false;
  return (
    <PageLayout title={t('audit.title')}>
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
      <Box sx={{ pt: 2 }}>
        <Outlet />
      </Box>
    </PageLayout>
  );
}
