import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { resetPassword } from './auth-api';
import { describeAuthError, type AuthErrorInfo } from './auth-error';
import { AuthErrorAlert } from './auth-error-alert';
import { PasswordField } from './password-field';
import { newPasswordProblems } from './validation';

/** Second step of the reset: the link from the mail brought a token; set the new password. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<AuthErrorInfo | null>(null);
  const problems = newPasswordProblems(password, repeat);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problems.password || problems.repeat || busy) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(password, token);
      setDone(true);
    } catch (failure) {
      setError(describeAuthError(failure, 'reset'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" data-testid="reset-done">
          {t('auth.reset.done')}
        </Alert>
        <Button variant="contained" size="large" component={RouterLink} to="/signin">
          {t('auth.reset.goToSignIn')}
        </Button>
      </Stack>
    );
  }
  return (
    <>
      {error && (
        <AuthErrorAlert error={error} onClose={() => setError(null)} testId="reset-error" />
      )}
      {error?.messageKey === 'auth.errors.invalidToken' && (
        // The link is spent: what helps now is a new one, not another try with this one.
        <Button
          variant="outlined"
          fullWidth
          component={RouterLink}
          to="/resetpassword"
          sx={{ mb: 2 }}
        >
          {t('auth.reset.requestNewLink')}
        </Button>
      )}
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2}>
        <PasswordField
          label={t('auth.reset.newPassword')}
          name="new-password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          problemKey={checked ? problems.password : null}
        />
        <PasswordField
          label={t('auth.reset.repeatPassword')}
          name="repeat-password"
          value={repeat}
          onChange={setRepeat}
          autoComplete="new-password"
          problemKey={checked ? problems.repeat : null}
        />
        {busy && <LinearProgress aria-label={t('auth.reset.saving')} />}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {t('auth.reset.setPassword')}
        </Button>
      </Stack>
    </>
  );
}
