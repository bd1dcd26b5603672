import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { findBill, packageOrders, ratesOf, toBill, toLine } from './queries.js';

/** device lines read per round trip while streaming */
export const EXPORT_BATCH = 2_000;

const utc = (v: string) => v.replace('T', ' ').slice(0, 19);

/**
 * A bill as xlsx, in the reader's language: a summary sheet (the figures, the rates, the orders
 * of the package fee) and a device lines sheet by IMEI, streamed in keyset batches. The bill is
 * looked up first, so another company's id answers 31011 as JSON, not a broken file.
 */
export async function billXlsx(
  database: Database,
  scope: TenantScope,
  id: string,
  locale: Locale,
  log: (err: unknown) => void,
): Promise<{ month: string; body: PassThrough }> {
  const { bill: row, payer } = await findBill(database, scope, id);
  const bill = toBill(row);
  const out = new PassThrough();
  (async () => {
    const orders = await packageOrders(database, payer, row.bill_month, locale);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const summary = wb.addWorksheet(t(locale, 'billing.sheet.summary'));
    const pairs: [Parameters<typeof t>[1], string | number][] = [
      ['billing.summary.billMonth', bill.billMonth],
      ['billing.summary.issueDate', utc(bill.issueDate)],
      ['billing.summary.total', bill.total],
      ['billing.summary.packageFee', bill.packageFee],
      ['billing.summary.overageFee', bill.overageFee],
      ['billing.summary.roamingFee', bill.roamingFee],
      ['billing.summary.numberFee', bill.numberFee],
      ['billing.summary.devices', bill.devices],
      ['billing.summary.usageMb', bill.usageMb],
      ['billing.summary.overageMb', bill.overageMb],
      ['billing.summary.roamingMb', bill.roamingMb],
    ];
    for (const [key, value] of pairs) summary.addRow([t(locale, key), value]).commit();
    summary.addRow([]).commit();
    summary.addRow([t(locale, 'billing.summary.rates')]).commit();
    for (const rate of ratesOf(row)) summary.addRow([t(locale, `billing.rate.${rate.code}` as const), rate.price]).commit();
    summary.addRow([]).commit();
    summary.addRow([t(locale, 'billing.summary.orders')]).commit();
    summary
      .addRow([
        t(locale, 'billing.column.orderNo'),
        t(locale, 'billing.column.productName'),
        t(locale, 'billing.column.amount'),
        t(locale, 'billing.column.completedAt'),
      ])
      .commit();
    for (const o of orders) summary.addRow([o.orderNo, o.productName, o.amount, utc(o.completedAt)]).commit();
    summary.commit();

    const lines = wb.addWorksheet(t(locale, 'billing.sheet.lines'));
    const columns = ['deviceName', 'usageMb', 'roamingMb', 'roamingFee', 'numberFee'] as const;
    lines.addRow([t(locale, 'devices.column.imei'), ...columns.map((c) => t(locale, `billing.column.${c}` as const))]).commit();
    let last = '';
    for (;;) {
      const batch = await database.rows<Parameters<typeof toLine>[0]>(
        sql`SELECT imei, device_name, usage_bytes, roaming_bytes, roaming_fen, number_fen FROM bill_lines
            WHERE bill_id = ${row.id} AND imei > ${last} ORDER BY imei LIMIT ${EXPORT_BATCH}`,
      );
      for (const r of batch) {
        const l = toLine(r);
        lines.addRow([l.imei, l.deviceName, l.usageMb, l.roamingMb, l.roamingFee, l.numberFee]).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
      if (batch.length < EXPORT_BATCH) break;
      last = batch[batch.length - 1].imei;
    }
    lines.commit();
    await wb.commit();
  })().catch((err) => {
    log(err);
    out.destroy(new Error('export failed'));
  });
  return { month: row.bill_month, body: out };
}
