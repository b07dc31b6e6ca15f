import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/LoginForm';
import { TokenLaunch } from '../../features/auth/TokenLaunch';
import { HomePage } from '../../features/home/HomePage';
import { PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session/store';
import { safeRedirect } from '../../shared/validate';

/**
 * Home: the landing page with the login form. `?redirect=` is where a login lands (the guard put it
 * there); `?token=` launches a session for an operator's member.
 */
export function HomeRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.account !== null);
  const redirect = safeRedirect(params.get('redirect'));
  const token = params.get('token');

  useEffect(() => {
    if (loggedIn && redirect && !token) void navigate(redirect, { replace: true });
  }, [loggedIn, redirect, token, navigate]);

  if (token) {
    return (
      <div className="sb-center-page">
        <TokenLaunch
          token={token}
          onFinished={(ok) => void navigate(ok ? (redirect ?? PATHS.desktop) : PATHS.home, { replace: true })}
        />
      </div>
    );
  }
  return <HomePage login={<LoginForm />} />;
}
