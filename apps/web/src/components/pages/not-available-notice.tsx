import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Said plainly where a feature has not landed yet, instead of showing made-up data. */
export function NotAvailableNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" data-testid="not-available">
      {t('common.notAvailableYet')}
    </Alert>
  );
}
