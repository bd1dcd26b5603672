import { TIMING } from '@rrp/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { Route, Routes } from 'react-router';
import ConsoleLayout from '../layout/ConsoleLayout';
import { RouteTableProvider } from '../layout/routeTable';
import '../lib/dayjs';
import { AntdLocale } from '../i18n/AntdLocale';
import { lazyPage } from '../lib/lazyPage';
import { ERROR_PATHS } from '../lib/paths';
import { queryClient } from '../lib/queryClient';
import { ToastBridge } from '../lib/ToastBridge';
import { RequirePermission } from './RequirePermission';
import { CONSOLE_ROUTES } from './routes';

const ForbiddenPage = lazyPage(() => import('../features/errors/ForbiddenPage'));
const ServerErrorPage = lazyPage(() => import('../features/errors/ServerErrorPage'));
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'));

/**
 * The signed-in part of the app, loaded lazily by RequireAuth: TanStack Query, antd's App
 * (message, modal and notification hooks) and locale, dayjs, the layout and the route table.
 */
export default function ConsoleApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdLocale>
        <AntdApp message={{ duration: TIMING.messageDurationS, maxCount: 3 }}>
          <ToastBridge />
          <Routes>
            <Route
              element={
                <RouteTableProvider routes={CONSOLE_ROUTES}>
                  <ConsoleLayout />
                </RouteTableProvider>
              }
            >
              {CONSOLE_ROUTES.map((route) => (
                <Route
                  key={route.path}
                  path={route.path}
                  element={
                    <RequirePermission code={route.permission}>
                      <route.page />
                    </RequirePermission>
                  }
                />
              ))}
              <Route path={ERROR_PATHS.forbidden} element={<ForbiddenPage />} />
              <Route path={ERROR_PATHS.serverError} element={<ServerErrorPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </AntdApp>
      </AntdLocale>
    </QueryClientProvider>
  );
}
