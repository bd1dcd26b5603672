import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { accountDetail, addAccount, listAccounts, setDisabled, syncNow, testConnection, updateAccount } from './accounts/index.js';
import { listReconcile, resolveReconcile } from './reconcile/index.js';

/** The back office's operator platform accounts and their reconciliation (docs/connectors.md). */
export const connectivityOpsHandlers = ({ database, config }: { database: Database; config: Config }) =>
  handlers({
    'POST /ops/connectivity/list': ({ body }) => listAccounts(database, body),
    'POST /ops/connectivity/detail': ({ body }) => accountDetail(database, body.id),
    'POST /ops/connectivity/add': ({ body, actor }) => addAccount(database, config, actor, { ...body, importCompanyId: body.importCompanyId ?? null }),
    'POST /ops/connectivity/update': ({ body, actor }) => updateAccount(database, config, actor, body),
    'POST /ops/connectivity/test': ({ body, actor }) => testConnection(database, config, actor, body.id),
    'POST /ops/connectivity/sync': ({ body, actor }) => syncNow(database, actor, body.id),
    'POST /ops/connectivity/disable': ({ body, actor }) => setDisabled(database, actor, body.id, body.disabled),
    'POST /ops/connectivity/reconcile/list': ({ body }) => listReconcile(database, body),
    'POST /ops/connectivity/reconcile/resolve': ({ body, actor, caller }) => resolveReconcile(database, actor, caller.userId, body),
  });
