import { lazy, Suspense, useEffect } from 'react';
import { useRouteError } from 'react-router';
import { describeError, recordClientError } from '../../lib/errorLog';

const ServerErrorView = lazy(() => import('./ServerErrorView'));

/** The router's error element: a failed lazy chunk or a render error outside any boundary. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    recordClientError('react', describeError(error));
  }, [error]);
  return (
    <div className="standalone-page">
      <Suspense fallback={null}>
        <ServerErrorView />
      </Suspense>
    </div>
  );
}
