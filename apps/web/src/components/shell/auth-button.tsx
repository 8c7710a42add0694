import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isAnonymousPath } from '../../lib/routing/sign-in-redirect';
import { useSession } from '../../lib/session/session-provider';

/**
 * Sign in / sign out in the top bar (SPEC section 2). Hidden on the sign-in, sign-out and reset
 * pages, which are about exactly that and have their own buttons.
 */
export function AuthButton() {
  const { t } = useTranslation();
  const { state } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  if (state.status === 'loading' || isAnonymousPath(pathname)) return null;
  if (state.status === 'signed-in') {
    return (
      <IconButton
        color="inherit"
        aria-label={t('auth.signOut')}
        onClick={() => void navigate('/signout')}
      >
        <LogoutIcon />
      </IconButton>
    );
  }
  return (
    <Button color="inherit" component={RouterLink} to="/signin" startIcon={<LoginIcon />}>
      {t('auth.signIn')}
    </Button>
  );
}
