import type { Permission } from '@rrp/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCan } from '../lib/access';
import { ERROR_PATHS } from './paths';

/** A page whose permission is not held sends the person to /401. */
export function RequirePermission({ code, children }: { code?: Permission; children: ReactNode }) {
  const allowed = useCan(code);
  const location = useLocation();
  if (!allowed) return <Navigate to={ERROR_PATHS.forbidden} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
