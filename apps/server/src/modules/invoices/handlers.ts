import type { InvoiceStatus } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Count, Narrow, Row } from '../../db/row.js';
import { handlers } from '../../http/handler.js';
import type { MemberCaller } from '../../plugins/auth.js';
import { applyInvoice } from './apply.js';
import { cancelInvoice, issueInvoice } from './changes.js';
import { invoiceFile } from './files.js';
import { invoiceableAmount, invoiceableOrders } from './invoiceable.js';
import { findInvoice, invoiceDetailOf, listInvoices } from './rows.js';
import { deleteRecipient, deleteTitle, listRecipients, listTitles, saveRecipient, saveTitle } from './saved.js';
import { statementFile } from './statement.js';

export type InvoiceDeps = { database: Database; publicUrl: string };

export const invoiceHandlers = ({ database, publicUrl }: InvoiceDeps) =>
  handlers({
    'POST /rrp/receipt/amount': ({ scope }) => invoiceableAmount(database, scope),
    'POST /rrp/receipt/order/list': ({ scope, body, locale }) => invoiceableOrders(database, scope, body, locale),
    'POST /rrp/receipt/title': ({ scope }) => listTitles(database, scope),
    'POST /rrp/receipt/addOrUpdate': ({ scope, actor, body }) => saveTitle(database, { scope, actor }, body),
    'POST /rrp/receipt/title/delete': ({ scope, actor, body }) => deleteTitle(database, { scope, actor }, body.id),
    'POST /rrp/receipt/recipient/list': ({ scope }) => listRecipients(database, scope),
    'POST /rrp/receipt/recipient/addOrUpdate': ({ scope, actor, body }) => saveRecipient(database, { scope, actor }, body),
    'POST /rrp/receipt/recipient/delete': ({ scope, actor, body }) => deleteRecipient(database, { scope, actor }, body.id),
    'POST /rrp/receipt/add': ({ caller, scope, actor, locale, body }) => applyInvoice(database, { caller: caller as MemberCaller, scope, actor, locale }, body),
    'POST /rrp/receipt/list': ({ scope, body, locale }) => listInvoices(database, scope, body, locale),
    'POST /rrp/receipt/detail': async ({ scope, body, locale }) => invoiceDetailOf(database, scope, await findInvoice(database, scope, body.id), locale),
    'POST /rrp/receipt/cancel': ({ scope, actor, locale, body }) => cancelInvoice(database, { actor, locale, publicUrl, scope }, body),
    'GET /rrp/receipt/file': ({ scope, query, locale }) => invoiceFile(database, scope, query.id, locale),
    'GET /rrp/receipt/statement': async ({ scope, query, locale }) =>
      statementFile(await invoiceDetailOf(database, scope, await findInvoice(database, scope, query.id), locale), locale),
  });

export const invoiceOpsHandlers = ({ database, publicUrl }: InvoiceDeps) =>
  handlers({
    'POST /ops/invoice/list': async ({ scope, body, locale }) => {
      const [page, counts] = await Promise.all([
        listInvoices(database, scope, body, locale),
        database.rows<Narrow<Row<'invoices', 'status'>, { status: InvoiceStatus }> & Count>(
          sql`SELECT status, count(*)::int AS n FROM invoices GROUP BY status`,
        ),
      ]);
      const by = Object.fromEntries(counts.map((c) => [c.status, c.n]));
      return { ...page, counts: { in_progress: by.in_progress ?? 0, issued: by.issued ?? 0, cancelled: by.cancelled ?? 0 } };
    },
    'POST /ops/invoice/detail': async ({ scope, body, locale }) => invoiceDetailOf(database, scope, await findInvoice(database, scope, body.id), locale),
    'POST /ops/invoice/issue': ({ scope, actor, locale, upload }) =>
      issueInvoice(database, { actor, locale, publicUrl, scope }, upload.fields, upload.files.file),
    'POST /ops/invoice/cancel': ({ scope, actor, locale, body }) => cancelInvoice(database, { actor, locale, publicUrl, scope }, body),
    'GET /ops/invoice/file': ({ scope, query, locale }) => invoiceFile(database, scope, query.id, locale),
    'GET /ops/invoice/statement': async ({ scope, query, locale }) =>
      statementFile(await invoiceDetailOf(database, scope, await findInvoice(database, scope, query.id), locale), locale),
  });
