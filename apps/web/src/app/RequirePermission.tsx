import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type PermissionRule, useCan } from '../lib/access';
import { ERROR_PATHS } from '../lib/paths';

/** A page whose permission (or none of whose codes) is not held sends the person to /401. */
export function RequirePermission({ code, children }: { code?: PermissionRule; children: ReactNode }) {
  const allowed = useCan(code);
  const location = useLocation();
  if (!allowed) return <Navigate to={ERROR_PATHS.forbidden} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
