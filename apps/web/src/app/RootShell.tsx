import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';

export function FullPageSpin() {
  return (
    <div className="full-page-spin">
      <Spin size="large" />
    </div>
  );
}

/** The root of every page: an error boundary and the loading state of lazy pages. */
export function RootShell() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageSpin />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
