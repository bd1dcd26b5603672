import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import type { ConnectivityProvider } from '../network/index.js';
import { sendAtCommand } from './command.js';
import { atLog, listAtCards } from './list.js';

/** AT card management: the SIM slots of the company's devices and the AT commands sent to them (docs/at-cards.md). */
export const atCardHandlers = ({ database, provider }: { database: Database; provider: ConnectivityProvider }) =>
  handlers({
    'POST /rrp/atCard/list': ({ scope, body }) => listAtCards(database, scope, body),
    'POST /rrp/atCard/log': ({ scope, body }) => atLog(database, scope, body.imei),
    'POST /rrp/atCard/command': ({ scope, caller, actor, locale, body }) =>
      sendAtCommand(database, provider, { scope, userId: caller.userId, actor, locale }, body),
  });
