import type { Permission } from '@rrp/contracts';
import type { ReactNode } from 'react';
import { useSession } from './session';

/** True when the signed-in person holds the permission code (no code: always true). */
export function useCan(code?: Permission | null): boolean {
  const { permissions } = useSession();
  return !code || permissions.includes(code);
}

/** Renders children only when the permission code is held. */
export function Can({ code, children, fallback = null }: { code: Permission; children: ReactNode; fallback?: ReactNode }) {
  return useCan(code) ? children : fallback;
}
