import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { LoginProvider } from '@qa/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/pages/page-spinner';
import { useClientConfig } from '../../lib/client-config/client-config-provider';
import { buildSignInReturnPath, safeRedirectTarget } from '../../lib/routing/sign-in-redirect';
import { useAdminView } from '../../lib/routing/use-admin-view';
import { sendPendingSignOut } from '../../lib/session/pending-sign-out';
import { useSession } from '../../lib/session/session-provider';
import { signInWithEmail, startOAuth2SignIn } from './auth-api';
import { AuthCard } from './auth-card';
import { authErrorFromUrl, describeAuthError, type AuthErrorInfo } from './auth-error';
import { AuthErrorAlert } from './auth-error-alert';
import { EmailField } from './email-field';
import { ExternalLoginButtons } from './external-login-buttons';
import { PasswordField } from './password-field';
import { looksLikeEmail } from './validation';

/**
 * SPEC section 2 "Sign-in": e-mail and password, reset-password button, social login when the
 * server offers it, enterprise login only in the admin view, and the real error in an alert.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const config = useClientConfig();
  const adminView = useAdminView();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get('redirect'));
  const urlError = params.get('error');

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  // An OpenID Connect login that failed comes back as /signin?error=<code>; only known codes
  // pick a message, the URL's text itself is never shown.
  const [error, setError] = useState<AuthErrorInfo | null>(() =>
    urlError ? authErrorFromUrl(urlError, 'sign-in') : null,
  );

  if (session.state.status === 'signed-in') return <Navigate to={target} replace />;
  if (session.state.status === 'loading') return <PageSpinner label={t('auth.checkingSession')} />;

  const emailProblem = !email.trim()
    ? 'auth.validation.emailRequired'
    : !looksLikeEmail(email)
      ? 'auth.validation.emailInvalid'
      : null;
  const passwordProblem = password ? null : 'auth.validation.passwordRequired';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (emailProblem || passwordProblem || busy) return;
    setBusy(true);
    setError(null);
    try {
      // A sign-out made offline ends the old session first, or the next check would undo it.
      await sendPendingSignOut();
      await signInWithEmail(email.trim(), password);
      const next = await session.refresh();
      // Signed in, yet no session: the browser refused the cookie.
      if (next.status !== 'signed-in') setError({ messageKey: 'auth.errors.sessionMissing' });
    } catch (failure) {
      setError(describeAuthError(failure));
    } finally {
      setBusy(false);
    }
  };

  const external = async (provider: LoginProvider) => {
    setBusy(true);
    setError(null);
    try {
      // Also before an external login: if it fails, the old session must not be back either.
      await sendPendingSignOut();
      const origin = window.location.origin;
      const url = await startOAuth2SignIn({
        providerId: provider.providerId,
        callbackURL: `${origin}${target}`,
        // Back to this page as it was (admin view, target), with `error=<code>` appended.
        errorCallbackURL: `${origin}${buildSignInReturnPath({ adminView, target })}`,
      });
      window.location.assign(url);
    } catch (failure) {
      setError(describeAuthError(failure));
      setBusy(false);
    }
  };

  const enterprise = adminView ? config.enterpriseLogin : [];
  const social = config.socialLogin;

  return (
    <AuthCard title={t('auth.signInTitle')}>
      {error && (
        <AuthErrorAlert error={error} onClose={() => setError(null)} testId="signin-error" />
      )}
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2}>
        <EmailField
          value={email}
          onChange={setEmail}
          problemKey={checked ? emailProblem : null}
          autoFocus
        />
        <PasswordField
          label={t('auth.password')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          problemKey={checked ? passwordProblem : null}
        />
        {busy && <LinearProgress aria-label={t('auth.signingIn')} />}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {t('auth.signIn')}
        </Button>
        <Button variant="text" onClick={() => void navigate('/resetpassword')} disabled={busy}>
          {t('auth.resetPassword')}
        </Button>
      </Stack>
      {(social.length > 0 || enterprise.length > 0) && (
        <>
          <Divider sx={{ my: 2 }}>{t('auth.or')}</Divider>
          <Stack spacing={1}>
            <ExternalLoginButtons
              providers={social}
              kind="social"
              disabled={busy}
              onSelect={(provider) => void external(provider)}
            />
            <ExternalLoginButtons
              providers={enterprise}
              kind="enterprise"
              disabled={busy}
              onSelect={(provider) => void external(provider)}
            />
          </Stack>
        </>
      )}
    </AuthCard>
  );
}
