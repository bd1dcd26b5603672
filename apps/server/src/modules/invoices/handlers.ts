import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';

export type InvoiceDeps = { database: Database; publicUrl: string };

const notYet = (): never => {
  throw new AppError(10001);
};

export const invoiceHandlers = (_deps: InvoiceDeps) =>
  handlers({
    'POST /rrp/receipt/amount': notYet,
    'POST /rrp/receipt/order/list': notYet,
    'POST /rrp/receipt/title': notYet,
    'POST /rrp/receipt/addOrUpdate': notYet,
    'POST /rrp/receipt/title/delete': notYet,
    'POST /rrp/receipt/recipient/list': notYet,
    'POST /rrp/receipt/recipient/addOrUpdate': notYet,
    'POST /rrp/receipt/recipient/delete': notYet,
    'POST /rrp/receipt/add': notYet,
    'POST /rrp/receipt/list': notYet,
    'POST /rrp/receipt/detail': notYet,
    'POST /rrp/receipt/cancel': notYet,
    'GET /rrp/receipt/file': notYet,
    'GET /rrp/receipt/statement': notYet,
  });

export const invoiceOpsHandlers = (_deps: InvoiceDeps) =>
  handlers({
    'POST /ops/invoice/list': notYet,
    'POST /ops/invoice/detail': notYet,
    'POST /ops/invoice/issue': notYet,
    'POST /ops/invoice/cancel': notYet,
    'GET /ops/invoice/file': notYet,
    'GET /ops/invoice/statement': notYet,
  });
