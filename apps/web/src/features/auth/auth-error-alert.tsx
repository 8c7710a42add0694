import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { AuthErrorInfo } from './auth-error';

/** The real error of an auth call, translated, dismissible (SPEC section 2 "Sign-in"). */
export function AuthErrorAlert({
  error,
  onClose,
  testId,
}: {
  error: AuthErrorInfo;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid={testId}
      onClose={onClose}
      closeText={t('common.close')}
      sx={{ mb: 2 }}
    >
      {t(error.messageKey, { detail: error.detail ?? '' })}
    </Alert>
  );
}
