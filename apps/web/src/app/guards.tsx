import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { CONSOLE_NAMESPACES, OPS_NAMESPACES } from '../i18n';
import { holds } from '../lib/access';
import { lazyPage } from '../lib/lazyPage';
import { HOME_PATH, OPS_PATH } from '../lib/paths';
import { loginUrlFor, safeRedirect } from '../lib/redirect';
import { getSession, refreshSession, useSession } from '../lib/session';

/** The console: data layer, antd App, layout and pages; downloaded only once signed in. */
const ConsoleApp = lazyPage(() => import('./ConsoleApp'), { namespaces: CONSOLE_NAMESPACES, antdLocale: true });
/** The back office: its own layout and route table, for platform staff only. */
const OpsApp = lazyPage(() => import('../ops/OpsApp'), { namespaces: OPS_NAMESPACES, antdLocale: true });

export const preloadOps = () => OpsApp.preload();

const isOpsPath = (p: string) => p === OPS_PATH || p.startsWith(`${OPS_PATH}/`);
/**
 * Fetches the console and the page at `pathname` ahead of time (the sign-in page calls it while
 * the sign-in requests run), so the first console render needs no further download.
 */
export async function preloadConsole(pathname: string): Promise<void> {
  const [, { findConsoleRoute }] = await Promise.all([ConsoleApp.preload(), import('./routes')]);
  await findConsoleRoute(pathname)?.page.preload();
}

/** How long signing in waits for the landing page's data before it opens the page anyway. */
const PREFETCH_WAIT_MS = 3000;

/** Once signed in: reads the data of the page at `pathname`, if it declares any and may be opened. */
export async function prefetchConsoleData(pathname: string): Promise<void> {
  const [{ queryClient }, { findConsoleRoute }] = await Promise.all([import('../lib/queryClient'), import('./routes')]);
  const route = findConsoleRoute(pathname);
  if (!route?.prefetch || !holds(getSession().permissions, route.permission)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([route.prefetch(queryClient), new Promise((resolve) => (timer = setTimeout(resolve, PREFETCH_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * Every path that is not public: the console when signed in (its own routes, including 404 for
 * unknown paths); a signed-out person goes to /login?redirect=<where they wanted to go>.
 */
export function RequireAuth() {
  const { loggedIn, principal } = useSession();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check the session cookies on every navigation
  useEffect(() => {
    // a session cookie may have expired since the last check
    refreshSession();
  }, [location.pathname]);
  if (!loggedIn) return <Navigate to={loginUrlFor(location.pathname, location.search)} replace />;
  // staff see only the back office, members never see it
  if (principal === 'staff') return isOpsPath(location.pathname) ? <OpsApp /> : <Navigate to={OPS_PATH} replace />;
  if (isOpsPath(location.pathname)) return <Navigate to={HOME_PATH} replace />;
  return <ConsoleApp />;
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
