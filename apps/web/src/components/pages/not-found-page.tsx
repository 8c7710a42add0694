import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLayout } from './page-layout';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('notFound.title')}>
      <Typography sx={{ mb: 2 }}>{t('notFound.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {t('notFound.home')}
      </Button>
    </PageLayout>
  );
}
