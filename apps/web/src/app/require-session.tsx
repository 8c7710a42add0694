import { Navigate, Outlet, useLocation } from 'react-router';
import { buildSignInRedirect } from '../lib/routing/sign-in-redirect';
import { useSession } from '../lib/session/session-provider';

/**
 * SPEC section 2: a visitor who is not signed in, or whose session is not loaded yet, goes to
 * /signin with the full target in `redirect`; the sign-in page sends them back once it is.
 */
export function RequireSession() {
  const { state } = useSession();
  const location = useLocation();
  if (state.status !== 'signed-in') return <Navigate to={buildSignInRedirect(location)} replace />;
  return <Outlet />;
}
