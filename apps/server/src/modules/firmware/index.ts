import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';

const todo = () => {
  throw new Error('not built yet');
};

/** Module firmware: published in the back office, downloaded by members. */
export const firmwareHandlers = (_deps: { database: Database }) =>
  handlers({
    'POST /rrp/firmware/list': todo,
    'GET /rrp/firmware/download': todo,
  });
export const firmwareOpsHandlers = (_deps: { database: Database }) =>
  handlers({
    'POST /ops/firmware/list': todo,
    'POST /ops/firmware/upload': todo,
    'POST /ops/firmware/delete': todo,
  });
