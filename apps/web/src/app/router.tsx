import { createBrowserRouter, type DataRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { setHttpHooks } from '../lib/http';
import { PublicOnly, RequireAuth, RequirePermission } from './guards';
import { lazyPage } from './lazyPage';
import { queryClient } from './queryClient';
import { RootShell } from './RootShell';
import { loginUrlFor } from './redirect';
import { CONSOLE_ROUTES, type ConsoleRoute } from './routes';

const ConsoleLayout = lazyPage(() => import('../layout/ConsoleLayout'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'));
const TermsPage = lazyPage(() => import('../features/legal/TermsPage'));
const PrivacyZhPage = lazyPage(() => import('../features/legal/PrivacyZhPage'));
const PrivacyEnPage = lazyPage(() => import('../features/legal/PrivacyEnPage'));
const ForbiddenPage = lazyPage(() => import('../features/errors/ForbiddenPage'));
const ServerErrorPage = lazyPage(() => import('../features/errors/ServerErrorPage'));
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'));

function consolePage(route: ConsoleRoute): RouteObject {
  const Page = route.page;
  return {
    path: route.path,
    element: (
      <RequirePermission code={route.permission}>
        <Page />
      </RequirePermission>
    ),
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        {
          element: <PublicOnly />,
          children: [
            { path: '/login', element: <LoginPage /> },
            { path: '/register', element: <RegisterPage /> },
          ],
        },
        { path: '/terms-of-use', element: <TermsPage /> },
        { path: '/privacy-policy', element: <PrivacyZhPage /> },
        { path: '/privacy-policy-en', element: <PrivacyEnPage /> },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <ConsoleLayout />,
              children: [
                ...CONSOLE_ROUTES.map(consolePage),
                { path: '/401', element: <ForbiddenPage /> },
                { path: '/500', element: <ServerErrorPage /> },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** On 88003 / 88016 the http client clears the session and calls this: back to the login page. */
export function registerUnauthorizedHandler(router: DataRouter): void {
  setHttpHooks({
    onUnauthorized: () => {
      queryClient.clear();
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      void router.navigate(loginUrlFor(pathname, search), { replace: true });
    },
  });
}

export function createAppRouter(): DataRouter {
  const router = createBrowserRouter(buildRoutes());
  registerUnauthorizedHandler(router);
  return router;
}
