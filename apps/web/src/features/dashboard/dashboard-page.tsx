import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NotAvailableNotice } from '../../components/pages/not-available-notice';
import { PageLayout } from '../../components/pages/page-layout';
import { usePerson } from '../../lib/session/session-provider';

/** Home (SPEC section 2 "Dashboard"); the audit and measure widgets come with their data. */
export function DashboardPage() {
  const { t } = useTranslation();
  const person = usePerson();
  return (
    <PageLayout title={t('dashboard.title')}>
      {person && (
        <Typography variant="h6" component="p" sx={{ mb: 2 }} data-testid="dashboard-greeting">
          {t('dashboard.greeting', { name: person.displayName })}
        </Typography>
      )}
      <NotAvailableNotice />
    </PageLayout>
  );
}
