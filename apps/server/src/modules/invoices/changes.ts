import { type Locale, normalizeLocale, type TInvoice, type TInvoiceIssueFields } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { PlatformScope, Scope } from '../../db/scope.js';
import type { UploadedFile } from '../../http/handler.js';
import { enqueueEmail } from '../../mail/outbox.js';
import type { MailTemplate } from '../../mail/templates.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { emitWebhookEvent } from '../developer/index.js';
import { invoiceFileKind } from './file-kind.js';
import { findInvoice, type InvoiceRow, invoiceOf } from './rows.js';

type Ctx = { actor: Actor; locale: Locale; publicUrl: string };

/** Why a move from in_progress found nothing to move: unknown/foreign (31003) or another state (31007). */
function refuseMove(r: InvoiceRow | null): never {
  if (!r) throw new AppError(31003, { field: 'id' });
  throw new AppError(31007);
}

/** The receiving e-mail of the application, in the applicant's language (the platform's default when they left). */
async function tellRecipient(database: Database, tx: Tx, scope: Scope, r: InvoiceRow, template: MailTemplate, attach: boolean): Promise<void> {
  const [u] = r.applicant_id
    ? await database.rows<Row<'users', 'locale'>>(sql`SELECT locale FROM users WHERE id = ${r.applicant_id} AND ${scope.owns()}`, tx)
    : [];
  await enqueueEmail(database, tx, {
    to: r.recipient.email,
    locale: normalizeLocale(u?.locale ?? 'zh-CN'),
    template,
    ...(attach ? { attachments: [{ kind: 'invoice-file' as const, invoiceId: r.id }] } : {}),
  });
}

/**
 * Cancels an application in progress: by the customer (their own company's, a company scope), or
 * by the back office (the platform scope) with the reason the customer reads. Its orders become
 * invoiceable again in the same transaction.
 */
export async function cancelInvoice(database: Database, ctx: Ctx & { scope: Scope }, body: { id: string; reason: string }): Promise<TInvoice> {
  const { scope } = ctx;
  const staff = scope.reach === 'platform';
  await database.db.transaction(async (tx) => {
    const [moved] = await database.rows<Row<'invoices', 'id'>>(
      sql`UPDATE invoices SET status = 'cancelled', cancelled_at = now(), cancel_reason = ${body.reason}, executed_by = ${ctx.actor.id},
                              cancelled_by_kind = ${staff ? 'staff' : 'member'}
          WHERE id = ${body.id} AND status = 'in_progress' AND ${scope.owns()}
          RETURNING id`,
      tx,
    );
    if (!moved) refuseMove(await findInvoice(database, scope, body.id, tx).catch(() => null));
    const released = await database.rows<Row<'orders', 'order_no'>>(
      sql`UPDATE orders SET invoice_id = NULL WHERE invoice_id = ${body.id} AND ${scope.owns()} RETURNING order_no`,
      tx,
    );
    const r = await findInvoice(database, scope, body.id, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: staff ? 'invoice.reject' : 'invoice.cancel',
      companyId: r.company_id,
      targetType: 'invoice',
      targetId: r.id,
      targetLabel: r.ticket_no,
      changes: { status: ['in_progress', 'cancelled'], reason: [null, body.reason], orders: [released.map((o) => o.order_no).sort(), null] },
    });
    if (staff) {
      await tellRecipient(
        database,
        tx,
        scope,
        r,
        { kind: 'invoice-cancelled', ticketNo: r.ticket_no, reason: body.reason, link: `${ctx.publicUrl}/bill?tab=records` },
        false,
      );
    }
  });
  return invoiceOf(await findInvoice(database, scope, body.id), ctx.locale);
}

/**
 * Records an invoice staff issued on the tax platform. An ordinary (electronic) invoice
 * needs its file, a PDF or OFD by content; a special (paper) one its tracking note. The move is
 * conditional on the application being in progress; recording the same invoice number again
 * answers the issued application unchanged (a retried request), any other repeat 31007.
 */
export async function issueInvoice(
  database: Database,
  ctx: Ctx & { scope: PlatformScope },
  fields: TInvoiceIssueFields,
  file: UploadedFile | undefined,
): Promise<TInvoice> {
  const { scope } = ctx;
  const before = await findInvoice(database, scope, fields.id);
  if (before.status === 'issued' && before.invoice_no === fields.invoiceNo) return invoiceOf(before, ctx.locale);
  if (before.status !== 'in_progress') throw new AppError(31007);
  // on or after the application's (UTC) day and not in the future; the tax platform dates
  // invoices in China's calendar (UTC+8), a day ahead of UTC in the evening, so tomorrow (UTC) is allowed
  const latest = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (fields.invoiceDate > latest || fields.invoiceDate < new Date(before.applied_at).toISOString().slice(0, 10)) {
    throw new AppError(28002, { field: 'invoiceDate' });
  }
  const data = file && file.data.length > 0 ? file.data : null;
  if (before.type === 'ordinary' && !data) throw new AppError(31013, { field: 'file' });
  const kind = data ? invoiceFileKind(data) : null;
  if (data && !kind) throw new AppError(31008, { field: 'file' });
  const trackingNote = fields.trackingNote?.trim() || null;
  if (before.type === 'special' && !trackingNote) throw new AppError(28002, { field: 'trackingNote' });

  await database.db.transaction(async (tx) => {
    const [moved] = await database.rows<Row<'invoices', 'id'>>(
      sql`UPDATE invoices SET status = 'issued', issued_at = now(), invoice_no = ${fields.invoiceNo}, invoice_date = ${fields.invoiceDate}::date,
                              file = ${data}, file_kind = ${kind}, tracking_note = ${trackingNote}, executed_by = ${ctx.actor.id}
          WHERE id = ${fields.id} AND status = 'in_progress' RETURNING id`,
      tx,
    );
    if (!moved) refuseMove(before);
    const r = await findInvoice(database, scope, fields.id, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'invoice.issue',
      companyId: r.company_id,
      targetType: 'invoice',
      targetId: r.id,
      targetLabel: r.ticket_no,
      changes: {
        status: ['in_progress', 'issued'],
        invoiceNo: [null, fields.invoiceNo],
        invoiceDate: [null, fields.invoiceDate],
        file: [null, data ? `${kind} ${data.length} B` : null],
        trackingNote: [null, trackingNote],
      },
    });
    await tellRecipient(
      database,
      tx,
      scope,
      r,
      {
        kind: 'invoice-issued',
        ticketNo: r.ticket_no,
        invoiceNo: fields.invoiceNo,
        type: r.type,
        trackingNote: trackingNote ?? '',
        link: `${ctx.publicUrl}/bill?tab=records`,
      },
      !!data,
    );
    await emitWebhookEvent(database, tx, r.company_id, 'invoice.issued', {
      ticketNo: r.ticket_no,
      invoiceNo: fields.invoiceNo,
      invoiceDate: fields.invoiceDate,
      type: r.type,
      trackingNote,
    });
  });
  return invoiceOf(await findInvoice(database, scope, fields.id), ctx.locale);
}
