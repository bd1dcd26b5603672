import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { LIMITS } from '../shared/limits.js';
import { GRANTABLE_PERMISSIONS, isSampleRoleName, SAMPLE_ROLES } from '../shared/permissions.js';

const SAMPLE_ROLE_NAME_MAX = Math.max(LIMITS.roleNameMax, ...SAMPLE_ROLES.flatMap((r) => [r.zh.length, r.en.length]));

/** At most 10 characters, except a sample role's label (a localised system name, docs/decisions.md). */
const zRoleName = field(
  '角色名称',
  'role name',
  z
    .string()
    .trim()
    .min(1)
    .superRefine((s, ctx) => {
      if (s.length > LIMITS.roleNameMax && !isSampleRoleName(s))
        ctx.addIssue({ code: 'too_big', origin: 'string', maximum: LIMITS.roleNameMax, inclusive: true, input: s });
    }),
);
const zPermissions = field('权限', 'permissions', z.array(z.enum(GRANTABLE_PERMISSIONS)).max(GRANTABLE_PERMISSIONS.length));

export const zRoleListRequest = z.object({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
  // a search may name a sample role by its label, longer than a typed name may be
  name: field('角色名称', 'role name', z.string().trim().max(SAMPLE_ROLE_NAME_MAX)).optional(),
});

export const zRoleRow = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
  memberCount: z.number().int(),
  /** the company's super administrator role: every code, cannot be edited away */
  isSuper: z.boolean(),
});
export type TRoleRow = z.infer<typeof zRoleRow>;
export const zRoleList = zPage(zRoleRow);
export const zRoleDetail = zRoleRow.extend({ members: z.array(z.object({ id: z.string(), name: z.string() })) });
export type TRoleDetail = z.infer<typeof zRoleDetail>;

export const zRoleAdd = z.object({ name: zRoleName, permissions: zPermissions });
export const zRoleUpdate = z.object({ id: zId('角色', 'role'), name: zRoleName, permissions: zPermissions });
export const zRoleIdRequest = z.object({ id: zId('角色', 'role') });
export const zRoleAdded = z.object({ id: z.string() });

/** The permission tree of the role editor: menu sections and their codes; `grantable` for the caller. */
export const zPermissionNode = z.object({
  code: z.string(),
  grantable: z.boolean(),
  children: z.array(z.object({ code: z.string(), grantable: z.boolean() })),
});
export const zPermissionTree = z.object({ tree: z.array(zPermissionNode) });
export type TPermissionTree = z.infer<typeof zPermissionTree>;

/** The company's roles for the member form's picker: readable by whoever manages members. */
export const zRoleOptions = z.object({ list: z.array(z.object({ id: z.string(), name: z.string(), isSuper: z.boolean() })) });
