import { useTranslation } from 'react-i18next';
import { NotAvailableNotice } from './not-available-notice';
import { PageLayout } from './page-layout';

/** A screen whose feature has not landed: its real title and an honest notice. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t(titleKey)}>
      <NotAvailableNotice />
    </PageLayout>
  );
}
