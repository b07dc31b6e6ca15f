import { Navigate, Outlet, useLocation } from 'react-router';
import { loginRedirect } from '../shared/paths';
import { useSession } from '../shared/session/store';

/**
 * The login guard: without a session, go home with `?redirect=<wanted path>` (none for home itself).
 * A session that just ended (logout or a session-invalid code) goes home plainly.
 */
export function RequireAuth() {
  const account = useSession((state) => state.account);
  const endReason = useSession((state) => state.endReason);
  const location = useLocation();
  if (!account) {
    return <Navigate to={endReason ? '/' : loginRedirect(location.pathname, location.search)} replace />;
  }
  return <Outlet />;
}
