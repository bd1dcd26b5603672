import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import type { ConnectivityProvider } from '../network/index.js';

const todo = async (): Promise<never> => {
  throw new AppError(10001);
};

/** AT card management (docs/at-cards.md). */
export const atCardHandlers = (_deps: { database: Database; provider: ConnectivityProvider }) =>
  handlers({
    'POST /rrp/atCard/list': todo,
    'POST /rrp/atCard/log': todo,
    'POST /rrp/atCard/command': todo,
  });
