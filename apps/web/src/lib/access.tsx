import type { Permission } from '@rrp/contracts';
import { holdsPermission } from '@rrp/contracts/constants';
import type { ReactNode } from 'react';
import { useSession } from './session';

/** What opens a page or shows an element: one code, or any one of several codes. */
export type PermissionRule = Permission | readonly Permission[];

/** True when the held codes satisfy the rule (no rule: always true). */
export function holds(permissions: readonly string[], rule?: PermissionRule | null): boolean {
  return holdsPermission(permissions, rule ?? null);
}

/** True when the signed-in person holds the permission code, or one of the codes (no code: always true). */
export function useCan(code?: PermissionRule | null): boolean {
  const { permissions } = useSession();
  return holds(permissions, code);
}

/** Renders children only when the permission code (or one of the codes) is held. */
export function Can({ code, children, fallback = null }: { code: PermissionRule; children: ReactNode; fallback?: ReactNode }) {
  return useCan(code) ? children : fallback;
}
