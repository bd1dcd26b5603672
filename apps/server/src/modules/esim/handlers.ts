import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import type { ConnectivityProvider } from '../network/index.js';

const todo = async (): Promise<never> => {
  throw new AppError(10001);
};

/** The eSIM list and EID detail (docs/esim.md). */
export const esimHandlers = (_deps: { database: Database; provider: ConnectivityProvider }) =>
  handlers({
    'POST /rrp/esim/list': todo,
    'POST /rrp/esim/detail': todo,
    'POST /rrp/esim/profile/enable': todo,
    'POST /rrp/esim/profile/disable': todo,
    'POST /rrp/esim/profile/delete': todo,
    'POST /rrp/esim/activate': todo,
    'POST /rrp/esim/pause': todo,
    'GET /rrp/esim/export': todo,
  });
