import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/pages/page-spinner';
import { buildSignInRedirect } from '../lib/routing/sign-in-redirect';
import { useSession } from '../lib/session/session-provider';

/**
 * SPEC section 2: a visitor who is not signed in goes to /signin with the full target in
 * `redirect`; the sign-in page sends them back once they are. While the session is still being
 * checked the target shows a spinner instead of leaving for /signin (decisions.md 31): the
 * detour finished after the check and remounted the page, losing what was done on it.
 */
export function RequireSession() {
  const { state } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (state.status === 'loading') return <PageSpinner label={t('auth.checkingSession')} />;
  if (state.status !== 'signed-in') return <Navigate to={buildSignInRedirect(location)} replace />;
  return <Outlet />;
}
