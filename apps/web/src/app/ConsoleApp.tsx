import { TIMING } from '@rrp/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import ConsoleLayout from '../layout/ConsoleLayout';
import '../lib/dayjs';
import { provideToast } from '../lib/toast';
import { AntdLocale } from './AntdLocale';
import { lazyPage } from './lazyPage';
import { ERROR_PATHS } from './paths';
import { queryClient } from './queryClient';
import { RequirePermission } from './RequirePermission';
import { CONSOLE_ROUTES } from './routes';

const ForbiddenPage = lazyPage(() => import('../features/errors/ForbiddenPage'));
const ServerErrorPage = lazyPage(() => import('../features/errors/ServerErrorPage'));
const NotFoundPage = lazyPage(() => import('../features/errors/NotFoundPage'));

/**
 * While the console is shown, the page-wide messages (lib/toast, the http client's errors) go
 * through antd App's holder, the same one the console's pages use, so they stack together.
 */
function ToastBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => provideToast(message), [message]);
  return null;
}

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
            <Route element={<ConsoleLayout />}>
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
