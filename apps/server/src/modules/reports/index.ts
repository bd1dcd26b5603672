import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';

const todo = () => {
  throw new Error('not built yet');
};

/** The operation reports and their subscriptions (docs/reports.md). */
export const reportHandlers = (_deps: { database: Database }) =>
  handlers({
    'POST /rrp/report/flow': todo,
    'POST /rrp/report/device': todo,
    'POST /rrp/report/stability': todo,
    'POST /rrp/report/cover': todo,
    'GET /rrp/report/export': todo,
    'POST /rrp/report/subscription/list': todo,
    'POST /rrp/report/subscription/add': todo,
    'POST /rrp/report/subscription/delete': todo,
  });
