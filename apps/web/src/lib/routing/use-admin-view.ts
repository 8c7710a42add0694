import { useSearchParams } from 'react-router';

/**
 * SPEC section 6: the admin view (enterprise login, template more menu, imports) is switched on
 * by the `admin` query parameter alone (`?admin` or `?admin=...`). It only reveals actions; the
 * server still checks the admin role.
 */
export function useAdminView(): boolean {
  const [params] = useSearchParams();
  return params.has('admin');
}
