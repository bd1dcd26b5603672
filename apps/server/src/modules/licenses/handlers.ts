import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { licenseCount } from './repository.js';

export const licenseHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/license/query/count': ({ scope }) => licenseCount(database, scope),
  });
