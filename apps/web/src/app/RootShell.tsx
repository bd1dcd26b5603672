import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../layout/ErrorBoundary';
import { OfflineBanner } from './OfflineBanner';

/** The loading state of lazy pages: a CSS spinner, so no antd component is needed to show it. */
export function FullPageSpin() {
  return (
    <div className="full-page-spin" role="status" aria-busy="true">
      <span className="css-spinner" />
    </div>
  );
}

/** The root of every page: an error boundary and the loading state of lazy pages. */
export function RootShell() {
  const { pathname } = useLocation();
  return (
    <>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<FullPageSpin />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <OfflineBanner />
    </>
  );
}
