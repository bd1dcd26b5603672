import { memberEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { zPermissionTree, zRoleAdd, zRoleAdded, zRoleDetail, zRoleIdRequest, zRoleList, zRoleListRequest, zRoleOptions, zRoleUpdate } from './schemas.js';

const roles = { permission: 'ROLE_LIST', scope: 'company' } as const;

/** Roles of the caller's company and the permission sets they carry. */
export const roleEndpoints = {
  'POST /rrp/role/list': memberEndpoint({ ...roles, summary: 'Roles, with their codes and member counts', body: zRoleListRequest, response: zRoleList }),
  'POST /rrp/role/detail': memberEndpoint({ ...roles, summary: 'One role and its members', body: zRoleIdRequest, response: zRoleDetail }),
  'POST /rrp/role/add': memberEndpoint({
    ...roles,
    summary: 'Create a role (name at most 10 characters, codes the caller holds)',
    body: zRoleAdd,
    response: zRoleAdded,
    audit: 'role.add',
  }),
  'POST /rrp/role/update': memberEndpoint({ ...roles, summary: 'Rename a role or change its codes', body: zRoleUpdate, response: zNull, audit: 'role.update' }),
  'POST /rrp/role/delete': memberEndpoint({ ...roles, summary: 'Delete a role no member holds', body: zRoleIdRequest, response: zNull, audit: 'role.delete' }),
  'POST /rrp/role/options': memberEndpoint({
    permission: 'USER_LIST',
    scope: 'company',
    summary: 'The company’s roles (id, name) for the member form: whoever manages members may read them',
    response: zRoleOptions,
  }),
  'POST /rrp/role/permissionTree': memberEndpoint({
    ...roles,
    summary: 'The permission codes by menu section, and which the caller may grant',
    response: zPermissionTree,
  }),
} as const;
