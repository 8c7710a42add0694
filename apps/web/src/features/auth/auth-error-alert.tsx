import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
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
      {t(error.messageKey, error.values)}
      {error.detail && (
        // The server's English words, for a code we have no text for: a hint, not the message.
        <Typography
          variant="body2"
          data-testid={`${testId}-detail`}
          sx={{ mt: 0.5, opacity: 0.85 }}
        >
          {t('auth.errors.serverDetail', { detail: error.detail })}
        </Typography>
      )}
    </Alert>
  );
}
