import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { addRole } from './add.js';
import { deleteRole } from './remove.js';
import { listRoles, roleDetail, roleOptions } from './repository.js';
import { permissionTree } from './tree.js';
import { updateRole } from './update.js';

/** Roles of the caller's company: list, detail, create, edit, delete and the permission tree. */
export const roleHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/role/list': ({ body, scope, locale }) => listRoles(database, scope, body, locale),
    'POST /rrp/role/options': ({ scope, locale }) => roleOptions(database, scope, locale),
    'POST /rrp/role/detail': ({ body, scope, locale }) => roleDetail(database, scope, body.id, locale),
    'POST /rrp/role/add': ({ body, scope, caller, actor }) => addRole(database, actor, scope, caller.userId, body),
    'POST /rrp/role/update': ({ body, scope, caller, actor }) => updateRole(database, actor, scope, caller.userId, body),
    'POST /rrp/role/delete': ({ body, scope, caller, actor }) => deleteRole(database, actor, scope, caller.userId, body.id),
    'POST /rrp/role/permissionTree': ({ caller }) => permissionTree(database, caller.userId),
  });
