import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import type { MemberCaller } from '../../plugins/auth.js';
import { applyInvoice } from './apply.js';
import { cancelInvoice, issueInvoice } from './changes.js';
import { invoiceFile } from './files.js';
import { invoiceableAmount, invoiceableOrders } from './invoiceable.js';
import { findInvoice, invoiceDetailOf, invoiceFilters, listInvoices } from './rows.js';
import { deleteRecipient, deleteTitle, listRecipients, listTitles, saveRecipient, saveTitle } from './saved.js';
import { statementFile } from './statement.js';

export type InvoiceDeps = { database: Database; publicUrl: string };

export const invoiceHandlers = ({ database, publicUrl }: InvoiceDeps) =>
  handlers({
    'POST /rrp/receipt/amount': ({ scope }) => invoiceableAmount(database, scope.companyId),
    'POST /rrp/receipt/order/list': ({ scope, body, locale }) => invoiceableOrders(database, scope.companyId, body, locale),
    'POST /rrp/receipt/title': ({ scope }) => listTitles(database, scope.companyId),
    'POST /rrp/receipt/addOrUpdate': ({ scope, actor, body }) => saveTitle(database, { companyId: scope.companyId, actor }, body),
    'POST /rrp/receipt/title/delete': ({ scope, actor, body }) => deleteTitle(database, { companyId: scope.companyId, actor }, body.id),
    'POST /rrp/receipt/recipient/list': ({ scope }) => listRecipients(database, scope.companyId),
    'POST /rrp/receipt/recipient/addOrUpdate': ({ scope, actor, body }) => saveRecipient(database, { companyId: scope.companyId, actor }, body),
    'POST /rrp/receipt/recipient/delete': ({ scope, actor, body }) => deleteRecipient(database, { companyId: scope.companyId, actor }, body.id),
    'POST /rrp/receipt/add': ({ caller, actor, locale, body }) => applyInvoice(database, { caller: caller as MemberCaller, actor, locale }, body),
    'POST /rrp/receipt/list': ({ scope, body, locale }) =>
      listInvoices(database, sql`i.company_id = ${scope.companyId} AND ${invoiceFilters(body)}`, body, locale),
    'POST /rrp/receipt/detail': async ({ scope, body, locale }) => invoiceDetailOf(database, await findInvoice(database, body.id, scope.companyId), locale),
    'POST /rrp/receipt/cancel': ({ scope, actor, locale, body }) => cancelInvoice(database, { actor, locale, publicUrl, companyId: scope.companyId }, body),
    'GET /rrp/receipt/file': ({ scope, query, locale }) => invoiceFile(database, query.id, scope.companyId, locale),
    'GET /rrp/receipt/statement': async ({ scope, query, locale }) =>
      statementFile(await invoiceDetailOf(database, await findInvoice(database, query.id, scope.companyId), locale), locale),
  });

export const invoiceOpsHandlers = ({ database, publicUrl }: InvoiceDeps) =>
  handlers({
    'POST /ops/invoice/list': async ({ body, locale }) => {
      const [page, counts] = await Promise.all([
        listInvoices(database, invoiceFilters(body), body, locale),
        database.rows<{ status: 'in_progress' | 'issued' | 'cancelled'; n: number }>(sql`SELECT status, count(*)::int AS n FROM invoices GROUP BY status`),
      ]);
      const by = Object.fromEntries(counts.map((c) => [c.status, c.n]));
      return { ...page, counts: { in_progress: by.in_progress ?? 0, issued: by.issued ?? 0, cancelled: by.cancelled ?? 0 } };
    },
    'POST /ops/invoice/detail': async ({ body, locale }) => invoiceDetailOf(database, await findInvoice(database, body.id, null), locale),
    'POST /ops/invoice/issue': ({ actor, locale, upload }) => issueInvoice(database, { actor, locale, publicUrl }, upload.fields, upload.files.file),
    'POST /ops/invoice/cancel': ({ actor, locale, body }) => cancelInvoice(database, { actor, locale, publicUrl, companyId: null }, body),
    'GET /ops/invoice/file': ({ query, locale }) => invoiceFile(database, query.id, null, locale),
    'GET /ops/invoice/statement': async ({ query, locale }) =>
      statementFile(await invoiceDetailOf(database, await findInvoice(database, query.id, null), locale), locale),
  });
