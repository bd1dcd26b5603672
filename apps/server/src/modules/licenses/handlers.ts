import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { expiringDevices, licenseLedger, setAutoRenewBulk } from './ledger.js';
import { licenseCount } from './repository.js';

export const licenseHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/license/query/count': ({ scope }) => licenseCount(database, scope),
    'POST /rrp/license/ledger/list': ({ scope, body }) => licenseLedger(database, scope, body),
    'POST /rrp/license/expiring/list': ({ scope, body }) => expiringDevices(database, scope, body),
    'POST /rrp/license/autoRenew/update': ({ scope, actor, body }) => setAutoRenewBulk(database, { scope, actor }, body),
  });
