import Link from '@mui/material/Link';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthCard } from './auth-card';
import { authErrorFromUrl } from './auth-error';
import { NewPasswordForm } from './new-password-form';
import { RequestResetForm } from './request-reset-form';

/**
 * /resetpassword: without a token, ask for the link; with `?token=`, set the new password.
 * The server sends a used or expired link here as `?error=INVALID_TOKEN`: then the user can
 * request a new one right away. Only known codes pick a message: the URL is anyone's text.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const urlError = params.get('error');

  return (
    <AuthCard title={t('auth.reset.title')}>
      {token && !urlError ? (
        <NewPasswordForm key={token} token={token} />
      ) : (
        <RequestResetForm initialError={urlError ? authErrorFromUrl(urlError, 'reset') : null} />
      )}
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/signin">
          {t('auth.reset.backToSignIn')}
        </Link>
      </Box>
    </AuthCard>
  );
}
