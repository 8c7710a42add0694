import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/api-error';
import { requestPasswordReset } from './auth-api';
import { describeAuthError, type AuthErrorInfo } from './auth-error';
import { AuthErrorAlert } from './auth-error-alert';
import { EmailField } from './email-field';
import { looksLikeEmail } from './validation';

/**
 * Asks for a reset link. The confirmation never says whether the address is known, like the
 * server (no account probing).
 */
export function RequestResetForm({ initialError }: { initialError: AuthErrorInfo | null }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<AuthErrorInfo | null>(initialError);

  const problem = !email.trim()
    ? 'auth.validation.emailRequired'
    : !looksLikeEmail(email)
      ? 'auth.validation.emailInvalid'
      : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem || busy) return;
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim(), `${window.location.origin}/resetpassword`);
      setSent(true);
    } catch (failure) {
      // The server answers the same for unknown addresses; should it ever say so, the form
      // still does not tell (no account probing).
      if (failure instanceof ApiError && failure.code.toUpperCase() === 'USER_NOT_FOUND') {
        setSent(true);
        return;
      }
      setError(describeAuthError(failure, 'reset'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Alert severity="success" data-testid="reset-requested">
        {t('auth.reset.requested')}
      </Alert>
    );
  }
  return (
    <>
      {error && (
        <AuthErrorAlert error={error} onClose={() => setError(null)} testId="reset-error" />
      )}
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2}>
        <Typography color="text.secondary">{t('auth.reset.requestIntro')}</Typography>
        <EmailField
          value={email}
          onChange={setEmail}
          problemKey={checked ? problem : null}
          autoFocus
        />
        {busy && <LinearProgress aria-label={t('auth.reset.sending')} />}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {t('auth.reset.send')}
        </Button>
      </Stack>
    </>
  );
}
