import { TIMING } from '@rrp/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { Navigate, Route, Routes } from 'react-router';
import { AntdLocale } from '../i18n/AntdLocale';
import { queryClient } from '../lib/queryClient';
import '../lib/dayjs';
import { ToastBridge } from '../lib/ToastBridge';
import { OpsLayout } from './OpsLayout';
import { OPS_ROUTES } from './routes';

/** The back office, for platform staff: its own layout, menu and route table under /ops. */
export default function OpsApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdLocale>
        <AntdApp message={{ duration: TIMING.messageDurationS, maxCount: 3 }}>
          <ToastBridge />
          <Routes>
            <Route element={<OpsLayout />}>
              {OPS_ROUTES.map((r) => (
                <Route key={r.path} path={r.path} element={<r.page />} />
              ))}
              <Route path="*" element={<Navigate to={OPS_ROUTES[0].path} replace />} />
            </Route>
          </Routes>
        </AntdApp>
      </AntdLocale>
    </QueryClientProvider>
  );
}
