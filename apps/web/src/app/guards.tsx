import type { Permission } from '@rrp/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useCan } from '../lib/access';
import { refreshSession, useSession } from '../lib/session';
import { loginUrlFor, safeRedirect } from './redirect';

/** Signed-in pages: a signed-out person goes to /login?redirect=<where they wanted to go>. */
export function RequireAuth() {
  const { loggedIn } = useSession();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check the session cookies on every navigation
  useEffect(() => {
    // a session cookie may have expired since the last check
    refreshSession();
  }, [location.pathname]);
  if (!loggedIn) return <Navigate to={loginUrlFor(location.pathname, location.search)} replace />;
  return <Outlet />;
}

/**
 * Login and register: a person who arrives signed in goes to home (or the redirect target).
 * Signing in on the page itself is finished by the page (it loads the account first).
 */
export function PublicOnly() {
  const [signedInOnArrival] = useState(() => refreshSession().loggedIn);
  const [params] = useSearchParams();
  if (signedInOnArrival) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Outlet />;
}

/** A page whose permission is not held sends the person to /401. */
export function RequirePermission({ code, children }: { code?: Permission; children: ReactNode }) {
  const allowed = useCan(code);
  const location = useLocation();
  if (!allowed) return <Navigate to="/401" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
