import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';

export type BillingDeps = { database: Database };

const notYet = (): never => {
  throw new AppError(10001);
};

export const billingHandlers = (_deps: BillingDeps) =>
  handlers({
    'POST /rrp/billingRecord/list': notYet,
    'POST /rrp/billingRecord/detail': notYet,
    'GET /rrp/billingRecord/export': notYet,
    'POST /rrp/billingRecord/device': notYet,
  });
