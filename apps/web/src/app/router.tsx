import { useEffect, useRef } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import LoginPage from '../features/auth/LoginPage';
import { setHttpHooks } from '../lib/http';
import { lazyPage } from '../lib/lazyPage';
import { PUBLIC_PATHS } from '../lib/paths';
import { loginUrlFor } from '../lib/redirect';
import { PublicOnly, prefetchConsoleData, preloadConsole, preloadOps, RequireAuth } from './guards';
import { RootShell } from './RootShell';

/*
 * The route tree. The sign-in page is part of the first download (it is where a visit starts);
 * the other public pages are lazy; every other path goes to RequireAuth, which loads the
 * console (its own route table, CONSOLE_ROUTES, in ConsoleApp) once signed in.
 *
 * Declarative routes (<Routes>) rather than a data router: the app uses no loaders or actions,
 * and the data router would add about 16 KiB (gzip) to the sign-in page.
 */
const LANDING = { preloadConsole, prefetchConsoleData, preloadOps };

const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'), { antdLocale: true });
const InvitePage = lazyPage(() => import('../features/invitations/InvitePage'));
const TermsPage = lazyPage(() => import('../features/legal/TermsPage'), { namespaces: ['legal'] });
const PrivacyZhPage = lazyPage(() => import('../features/legal/PrivacyZhPage'), { namespaces: ['legal'] });
const PrivacyEnPage = lazyPage(() => import('../features/legal/PrivacyEnPage'), { namespaces: ['legal'] });

/** On 88003 / 88016 the http client clears the session and calls this: back to the login page. */
function SessionEndRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef(location);
  where.current = location;
  useEffect(() => {
    setHttpHooks({
      onUnauthorized: () => {
        const { pathname, search } = where.current;
        if (PUBLIC_PATHS.includes(pathname)) return;
        void navigate(loginUrlFor(pathname, search), { replace: true });
      },
    });
    return () => setHttpHooks({ onUnauthorized: () => {} });
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <SessionEndRedirect />
      <Routes>
        <Route element={<RootShell />}>
          <Route index element={<Navigate to="/login" replace />} />
          <Route element={<PublicOnly />}>
            <Route path="/login" element={<LoginPage landing={LANDING} />} />
            <Route path="/register" element={<RegisterPage />} />
          </Route>
          <Route path="/invite" element={<InvitePage />} />
          <Route path="/terms-of-use" element={<TermsPage />} />
          <Route path="/privacy-policy" element={<PrivacyZhPage />} />
          <Route path="/privacy-policy-en" element={<PrivacyEnPage />} />
          <Route path="*" element={<RequireAuth />} />
        </Route>
      </Routes>
    </>
  );
}
