import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, superMember } from '../../../test/companies.js';
import { api, buildTestApp, call, login, type Session, type TestApp } from '../../../test/helper.js';
import type { AsNumber, Narrow, Row } from '../../db/row.js';
import { JobRunner } from '../../jobs/runner.js';
import { createCompany } from '../companies/index.js';
import { closeBill, closeMonth, monthToClose } from './close.js';
import { billingJobs } from './jobs.js';
import { monthRange, previousMonth } from './month.js';

/*
 * One paying company P by hand, with a sub-company S billed by it, an independent sub-company I
 * and a foreign company F; March and April 2025. Every figure below is computed by hand
 * (docs/billing.md has the same example). Rates: overage 2 fen/MB, roaming 5 fen/MB, number
 * 100 fen per device.
 */
const MIB = 1_048_576;
const M1 = '2025-03';
const M2 = '2025-04';

let t: TestApp;
let db: TestApp['database'];
const co = { P: '', S: '', I: '', F: '', X: '' };
const dev = { A: '', B: '', C: '', D: '', E: '', G: '', H: '' };
const imei = {
  A: '861000000000001',
  B: '861000000000002',
  C: '861000000000003',
  D: '861000000000004',
  E: '861000000000005',
  G: '861000000000006',
  H: '861000000000007',
};
let pSession: Session;
let sSession: Session;
let fSession: Session;

const body = (r: { json(): unknown }) => r.json() as { success: boolean; code: number; msg: string; obj: Record<string, unknown> };

async function company(name: string, parentId?: string, billing: 'independent' | 'parent' = 'independent'): Promise<string> {
  const id = await db.db.transaction(async (tx) => {
    const c = await createCompany(db, tx, { name, country: 'CN', address: '上海', locale: 'zh-CN', parentId, billing, certification: 'verified' });
    return c.companyId;
  });
  await db.rows(sql`UPDATE companies SET created_at = '2024-06-01T00:00:00Z' WHERE id = ${id}`);
  return id;
}

async function device(companyId: string, imeiOf: string, region: string, createdAt: string, licenseTo: string | null, name = ''): Promise<string> {
  const [d] = await db.rows<Row<'devices', 'id'>>(sql`INSERT INTO devices (company_id, imei, name, region, status, license_expires_at, created_at)
        VALUES (${companyId}, ${imeiOf}, ${name}, ${region}, 'physical_card', ${licenseTo}::timestamptz, ${createdAt}::timestamptz) RETURNING id`);
  return d.id;
}

async function usage(deviceId: string, companyId: string, day: string, bytes: number, roaming = 0): Promise<void> {
  await db.rows(
    sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes, roaming_bytes) VALUES (${deviceId}, ${companyId}, ${day}::date, ${bytes}, ${roaming})`,
  );
}

async function pool(companyId: string, deltaMb: string, at: string): Promise<void> {
  await db.rows(
    sql`INSERT INTO data_pool_ledger (company_id, delta_mb, reason, created_at) VALUES (${companyId}, ${deltaMb}::numeric, 'topup', ${at}::timestamptz)`,
  );
}

let orderSeq = 0;
async function order(companyId: string, totalFen: number, status: string, completedAt: string | null, productType = 1): Promise<string> {
  const orderNo = `R2025${String(++orderSeq).padStart(16, '0')}`;
  const names = productType === 0 ? ['设备 License', 'Device License'] : ['流量（1 GB）', 'Data (1 GB)'];
  await db.rows(
    sql`INSERT INTO orders (order_no, company_id, product_type, product_name_zh, product_name_en, unit_price_fen, quantity, total_fen, pay_method, payer_name, status, expires_at, created_at, completed_at)
        VALUES (${orderNo}, ${companyId}, ${productType}, ${names[0]}, ${names[1]}, ${totalFen}, 1, ${totalFen}, 'offline', '付费公司', ${status},
                '2025-12-31T00:00:00Z', coalesce(${completedAt}::timestamptz, '2025-03-02T00:00:00Z'), ${completedAt}::timestamptz)`,
  );
  return orderNo;
}

// the bigint figures read as float8
type BillRow = Narrow<Row<'bills', 'id' | 'company_id' | 'devices' | 'rates'>, { rates: Record<string, number> }> &
  AsNumber<Row<'bills', 'package_fen' | 'overage_fen' | 'roaming_fen' | 'number_fen' | 'total_fen' | 'usage_bytes' | 'overage_mb' | 'roaming_bytes'>>;
async function billOf(companyId: string, month: string): Promise<BillRow | undefined> {
  const [b] = await db.rows<BillRow>(
    sql`SELECT id, company_id, package_fen::float8 AS package_fen, overage_fen::float8 AS overage_fen, roaming_fen::float8 AS roaming_fen,
               number_fen::float8 AS number_fen, total_fen::float8 AS total_fen, devices, usage_bytes::float8 AS usage_bytes, overage_mb::float8 AS overage_mb,
               roaming_bytes::float8 AS roaming_bytes, rates
        FROM bills WHERE company_id = ${companyId} AND bill_month = ${month}`,
  );
  return b;
}
async function linesOf(billId: string) {
  return db.rows<Row<'bill_lines', 'imei'> & AsNumber<Row<'bill_lines', 'usage_bytes' | 'roaming_bytes' | 'roaming_fen' | 'number_fen'>>>(
    sql`SELECT imei, usage_bytes::float8 AS usage_bytes, roaming_bytes::float8 AS roaming_bytes, roaming_fen::float8 AS roaming_fen, number_fen::float8 AS number_fen
        FROM bill_lines WHERE bill_id = ${billId} ORDER BY imei`,
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  co.P = await company('付费公司');
  co.S = await company('子公司（由上级付费）', co.P, 'parent');
  co.I = await company('独立子公司', co.P, 'independent');
  co.F = await company('外部公司');
  co.X = await company('并发公司');
  await superMember(db, co.P, 'p@billing.test');
  await superMember(db, co.S, 's@billing.test');
  await superMember(db, co.F, 'f@billing.test');
  pSession = await login(t.app, 'p@billing.test');
  sSession = await login(t.app, 's@billing.test');
  fSession = await login(t.app, 'f@billing.test');

  // devices: A and D of P, B of S (billed by P), C of P (License ended before March), E of P (imported in April), G of I, H of F
  dev.A = await device(co.P, imei.A, 'china_mainland', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '网关 A');
  dev.B = await device(co.S, imei.B, 'hong_kong', '2025-01-01T00:00:00Z', '2025-03-20T00:00:00Z', '网关 B');
  dev.C = await device(co.P, imei.C, 'europe', '2025-01-01T00:00:00Z', '2025-02-15T00:00:00Z');
  dev.D = await device(co.P, imei.D, 'europe', '2025-01-01T00:00:00Z', '2025-03-01T00:00:00Z');
  dev.E = await device(co.P, imei.E, 'americas', '2025-04-02T00:00:00Z', '2026-04-02T00:00:00Z');
  dev.G = await device(co.I, imei.G, 'europe', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
  dev.H = await device(co.F, imei.H, 'europe', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z');

  await usage(dev.C, co.P, '2025-02-20', 200 * MIB); // before March: only in the cumulative usage
  await usage(dev.A, co.P, '2025-03-01', 600 * MIB);
  await usage(dev.A, co.P, '2025-03-31', 400 * MIB, 2.5 * MIB);
  await usage(dev.B, co.S, '2025-03-10', 300 * MIB + 1, 100 * MIB + 1);
  await usage(dev.A, co.P, '2025-04-01', 50 * MIB);
  await usage(dev.A, co.P, '2025-04-30', 600 * MIB);
  await usage(dev.E, co.P, '2025-04-15', 2000 * MIB);
  await usage(dev.G, co.I, '2025-03-12', 7 * MIB, 3 * MIB);
  await usage(dev.H, co.F, '2025-03-12', 5 * MIB);

  await pool(co.P, '1000', '2025-02-10T00:00:00Z');
  await pool(co.P, '24.5', '2025-03-15T00:00:00Z');
  await pool(co.P, '-50', '2025-03-20T00:00:00Z'); // a negative row is no grant
  await pool(co.P, '2048', '2025-04-10T00:00:00Z');
  await pool(co.P, '999', '2025-05-02T00:00:00Z'); // after both months

  await order(co.P, 4900, 'completed', '2025-03-05T10:00:00Z', 0);
  await order(co.P, 12345, 'completed', '2025-03-31T23:59:59Z');
  await order(co.P, 700, 'completed', '2025-04-01T00:00:00Z');
  await order(co.P, 8800, 'paid', null); // paid, not delivered: no package fee
  await order(co.P, 300, 'completed', '2025-02-28T12:00:00Z'); // February
  await order(co.I, 10000, 'completed', '2025-03-08T00:00:00Z'); // the independent sub-company's own
});
afterAll(() => t.close());

describe('month bounds', () => {
  it('are UTC calendar months; the job closes the last month ended an hour ago', () => {
    expect(monthRange('2025-12')).toMatchObject({ firstDay: '2025-12-01', nextFirstDay: '2026-01-01' });
    expect(previousMonth(Date.parse('2025-03-01T00:00:00Z'))).toBe('2025-02');
    expect(monthToClose(Date.parse('2025-04-01T00:30:00Z'))).toBe('2025-02');
    expect(monthToClose(Date.parse('2025-04-01T01:00:00Z'))).toBe('2025-03');
    expect(() => monthRange('2025-13')).toThrow();
  });
});

describe('closing a month', () => {
  it('refuses a month that has not ended', async () => {
    await expect(closeMonth(db, M1, { now: Date.parse('2025-03-31T23:59:59Z') })).rejects.toThrow(/not ended/);
  });

  it('bills the paying company with every fee as computed by hand', async () => {
    const r = await closeMonth(db, M1, { companyIds: [co.P, co.S, co.I, co.F] });
    expect(r.closed).toHaveLength(3); // P, I and F; S pays through P
    expect(await billOf(co.S, M1)).toBeUndefined();
    const b = (await billOf(co.P, M1)) as BillRow;
    // package: 4900 + 12345 (completed in March; not the paid one, not February's, not I's)
    // overage: U = 200 + 600 + 400 + 300 MiB + 1 byte = 1500 MiB + 1 byte; G = 1000 + 24.5 = 1024.5 MB
    //          ceil(1500.00000095 - 1024.5) = 476 MB × 2 = 952 fen
    // roaming: A ceil(2.5) = 3 MB × 5 = 15, B ceil(100 MiB + 1 byte) = 101 MB × 5 = 505 → 520 fen
    // number: A, B (usage), D (License in force on March 1st) → 3 × 100 = 300 fen
    expect(b).toMatchObject({
      package_fen: 17245,
      overage_mb: 476,
      overage_fen: 952,
      roaming_fen: 520,
      number_fen: 300,
      total_fen: 17245 + 952 + 520 + 300,
      devices: 3,
      usage_bytes: 1300 * MIB + 1,
      roaming_bytes: 102.5 * MIB + 1,
      rates: { overage_per_mb: 2, roaming_per_mb: 5, number_per_device: 100 },
    });
    expect(await linesOf(b.id)).toEqual([
      { imei: imei.A, usage_bytes: 1000 * MIB, roaming_bytes: 2.5 * MIB, roaming_fen: 15, number_fen: 100 },
      { imei: imei.B, usage_bytes: 300 * MIB + 1, roaming_bytes: 100 * MIB + 1, roaming_fen: 505, number_fen: 100 },
      { imei: imei.D, usage_bytes: 0, roaming_bytes: 0, roaming_fen: 0, number_fen: 100 },
    ]);
    // the independent sub-company pays its own: 10000 package, G ceil(3 MiB) = 15 roaming, 100 number, 7 MB over an empty pool = 14
    expect(await billOf(co.I, M1)).toMatchObject({
      package_fen: 10000,
      overage_mb: 7,
      overage_fen: 14,
      roaming_fen: 15,
      number_fen: 100,
      total_fen: 10129,
      devices: 1,
    });
    expect(await billOf(co.F, M1)).toMatchObject({ package_fen: 0, overage_mb: 5, overage_fen: 10, roaming_fen: 0, number_fen: 100, total_fen: 110 });
    const events = (await auditOf(db, 'bill.close')).filter((e) => e.target_id === b.id);
    expect(events).toEqual([expect.objectContaining({ actor_kind: 'system', company_id: co.P, target_label: M1 })]);
  });

  it('carries the overage: April’s pool covers what March already billed', async () => {
    await db.rows(sql`UPDATE billing_rates SET fen = 3 WHERE code = 'overage_per_mb'`);
    try {
      const id = await closeBill(db, co.P, M2);
      expect(id).not.toBeNull();
    } finally {
      await db.rows(sql`UPDATE billing_rates SET fen = 2 WHERE code = 'overage_per_mb'`);
    }
    const b = (await billOf(co.P, M2)) as BillRow;
    // U = 1500 MiB + 1 byte + 50 + 600 + 2000 MiB = 4150 MiB + 1 byte; G = 1024.5 + 2048 = 3072.5; billed before 476
    // ceil(4150.00000095 - 3072.5 - 476) = 602 MB × 3 fen (the rate when April closed) = 1806
    // package 700 (April 1st 00:00); number: A and E (imported April 2nd) = 200; B's and D's Licenses ended in March
    expect(b).toMatchObject({ package_fen: 700, overage_mb: 602, overage_fen: 1806, roaming_fen: 0, number_fen: 200, total_fen: 2706, devices: 2 });
    expect(b.rates.overage_per_mb).toBe(3);
    // March keeps the rate it was closed with
    expect(((await billOf(co.P, M1)) as BillRow).rates.overage_per_mb).toBe(2);
    // March is not closed again once April is billed
    expect(await closeBill(db, co.P, M1)).toBeNull();
  });

  it('makes one bill with one set of lines however often and however concurrently it runs', async () => {
    const d1 = await device(co.X, '861000000000101', 'europe', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    const d2 = await device(co.X, '861000000000102', 'europe', '2025-01-01T00:00:00Z', null);
    await usage(d1, co.X, '2025-03-03', 3 * MIB, 1);
    await usage(d2, co.X, '2025-03-04', 4 * MIB);
    const results = await Promise.all([
      closeBill(db, co.X, M1),
      closeBill(db, co.X, M1),
      closeMonth(db, M1, { companyIds: [co.X] }),
      closeMonth(db, M1, { companyIds: [co.X] }),
    ]);
    const made = [results[0], results[1], ...(results[2].closed ?? []), ...(results[3].closed ?? [])].filter(Boolean);
    expect(made).toHaveLength(1);
    expect(await closeBill(db, co.X, M1)).toBeNull();
    expect((await closeMonth(db, M1, { companyIds: [co.X] })).closed).toEqual([]);
    const bills = await db.rows<Row<'bills', 'id'>>(sql`SELECT id FROM bills WHERE company_id = ${co.X}`);
    expect(bills.map((b) => b.id)).toEqual(made);
    expect(await linesOf(bills[0].id)).toHaveLength(2);
    expect((await auditOf(db, 'bill.close')).filter((e) => e.company_id === co.X)).toHaveLength(1);
    // 7 MB over an empty pool × 2 + roaming ceil(1 byte) = 1 MB × 5 + 2 devices × 100
    expect(await billOf(co.X, M1)).toMatchObject({ overage_fen: 14, roaming_fen: 5, number_fen: 200, total_fen: 219 });
    // an earlier month is not closed once a later one is billed (the later bill carried its usage)
    expect(await closeBill(db, co.X, '2025-02')).toBeNull();
    expect((await closeMonth(db, '2025-02', { companyIds: [co.X] })).closed).toEqual([]);
    expect(await billOf(co.X, '2025-02')).toBeUndefined();
    // a company billed by its parent gets no bill of its own
    expect(await closeBill(db, co.S, '2025-05')).toBeNull();
  });
});

describe('reading bills', () => {
  it('lists the payer’s bills newest first, to the sub-company billed by it as well', async () => {
    for (const s of [pSession, sSession]) {
      const r = body(await call(t.app, s, api('/billingRecord/list'), {}));
      expect(r.success).toBe(true);
      expect(r.obj.total).toBe(2);
      const list = r.obj.list as { billMonth: string; total: number; packageFee: number; overageFee: number; roamingFee: number; numberFee: number }[];
      expect(list.map((b) => b.billMonth)).toEqual([M2, M1]);
      expect(list[1]).toMatchObject({
        total: 190.17,
        packageFee: 172.45,
        overageFee: 9.52,
        roamingFee: 5.2,
        numberFee: 3,
        devices: 3,
        overageMb: 476,
        roamingMb: 102.5,
      });
    }
    const only = body(await call(t.app, pSession, api('/billingRecord/list'), { from: M1, to: M1 })).obj;
    expect((only.list as { billMonth: string }[]).map((b) => b.billMonth)).toEqual([M1]);
    const foreign = body(await call(t.app, fSession, api('/billingRecord/list'), {})).obj;
    expect((foreign.list as { billMonth: string; total: number }[]).map((b) => [b.billMonth, b.total])).toEqual([[M1, 1.1]]);
  });

  it('details a bill: its rates, the orders of the package fee in the reader’s language, its lines by IMEI', async () => {
    const id = ((await billOf(co.P, M1)) as BillRow).id;
    const zh = body(await call(t.app, pSession, api('/billingRecord/detail'), { id })).obj as {
      rates: unknown;
      orders: { productName: string; amount: number; completedAt: string }[];
      lines: { total: number; list: { imei: string; deviceName: string | null; usageMb: number; roamingMb: number; roamingFee: number; numberFee: number }[] };
    };
    expect(zh.rates).toEqual([
      { code: 'overage_per_mb', price: 0.02 },
      { code: 'roaming_per_mb', price: 0.05 },
      { code: 'number_per_device', price: 1 },
    ]);
    expect(zh.orders.map((o) => [o.productName, o.amount, o.completedAt])).toEqual([
      ['设备 License', 49, '2025-03-05T10:00:00.000Z'],
      ['流量（1 GB）', 123.45, '2025-03-31T23:59:59.000Z'],
    ]);
    expect(zh.lines.total).toBe(3);
    expect(zh.lines.list[1]).toEqual({ imei: imei.B, deviceName: '网关 B', usageMb: 300, roamingMb: 100, roamingFee: 5.05, numberFee: 1 });
    expect(zh.lines.list[2]).toMatchObject({ imei: imei.D, deviceName: null, usageMb: 0, numberFee: 1 });
    const en = body(await call(t.app, pSession, api('/billingRecord/detail'), { id, imei: '00000000002', pageSize: 1 }, { lang: 'en' })).obj as typeof zh;
    expect(en.orders.map((o) => o.productName)).toEqual(['Device License', 'Data (1 GB)']);
    expect(en.lines).toEqual({ total: 1, list: [expect.objectContaining({ imei: imei.B })] });
    const page2 = body(await call(t.app, pSession, api('/billingRecord/detail'), { id, pageNum: 2, pageSize: 2 })).obj as typeof zh;
    expect(page2.lines.list.map((l) => l.imei)).toEqual([imei.D]);
    // the sub-company billed by P reads the same bill
    expect(body(await call(t.app, sSession, api('/billingRecord/detail'), { id })).success).toBe(true);
  });

  it('answers 31011 for another company’s bill, to the detail and the export alike', async () => {
    const foreignBill = ((await billOf(co.F, M1)) as BillRow).id;
    const pBill = ((await billOf(co.P, M1)) as BillRow).id;
    const iBill = ((await billOf(co.I, M1)) as BillRow).id;
    for (const [s, id] of [
      [pSession, foreignBill],
      [fSession, pBill],
      [sSession, iBill],
      [pSession, iBill], // an independent sub-company's bill is its own
      [pSession, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const r = body(await call(t.app, s, api('/billingRecord/detail'), { id }));
      expect([r.success, r.code]).toEqual([false, 31011]);
      const x = await call(t.app, s, `${api('/billingRecord/export')}?id=${id}`, undefined, { method: 'GET' });
      expect([x.statusCode, body(x).code]).toEqual([404, 31011]);
    }
  });

  it('exports a bill as xlsx that reads back with the same figures, in the reader’s language', async () => {
    const id = ((await billOf(co.P, M1)) as BillRow).id;
    const zh = await call(t.app, pSession, `${api('/billingRecord/export')}?id=${id}`, undefined, { method: 'GET' });
    expect(zh.statusCode).toBe(200);
    expect(String(zh.headers['content-disposition'])).toContain(encodeURIComponent('账单_2025-03.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['账单概要', '设备明细']);
    const rows = (i: number) => {
      const out: unknown[][] = [];
      wb.worksheets[i].eachRow((r) => void out.push((r.values as unknown[]).slice(1)));
      return out;
    };
    const summary = rows(0);
    expect(summary.slice(0, 11)).toEqual([
      ['账单月份', M1],
      ['出账日期（UTC）', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)],
      ['总费用（元）', 190.17],
      ['套餐费（元）', 172.45],
      ['超量费（元）', 9.52],
      ['漫游费（元）', 5.2],
      ['号码费（元）', 3],
      ['计费设备数', 3],
      ['当月用量（MB）', 1300],
      ['超量流量（MB）', 476],
      ['漫游流量（MB）', 102.5],
    ]);
    expect(summary).toContainEqual(['超量流量（元/MB）', 0.02]);
    expect(summary).toContainEqual([expect.stringMatching(/^R2025/), '流量（1 GB）', 123.45, '2025-03-31 23:59:59']);
    expect(rows(1)).toEqual([
      ['IMEI', '设备名称', '用量（MB）', '漫游流量（MB）', '漫游费（元）', '号码费（元）'],
      [imei.A, '网关 A', 1000, 2.5, 0.15, 1],
      [imei.B, '网关 B', 300, 100, 5.05, 1],
      [imei.D, undefined, 0, 0, 0, 1],
    ]);
    const en = await call(t.app, sSession, `${api('/billingRecord/export')}?id=${id}`, undefined, { method: 'GET', lang: 'en' });
    expect(String(en.headers['content-disposition'])).toContain('filename="bill_2025-03.xlsx"');
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(wbEn.worksheets.map((w) => w.name)).toEqual(['Summary', 'Devices']);
  });

  it('shows a device’s lines in the closed bills, newest first; another company’s IMEI is not found', async () => {
    const a = body(await call(t.app, pSession, api('/billingRecord/device'), { imei: imei.A })).obj as { list: { billMonth: string; usageMb: number }[] };
    expect(a.list.map((l) => [l.billMonth, l.usageMb])).toEqual([
      [M2, 650],
      [M1, 1000],
    ]);
    // the parent sees its sub-companies' devices: B on its own bill, G on the independent sub-company's
    const b = body(await call(t.app, pSession, api('/billingRecord/device'), { imei: imei.B })).obj as { list: { billMonth: string; roamingFee: number }[] };
    expect(b.list).toEqual([expect.objectContaining({ billMonth: M1, roamingFee: 5.05 })]);
    const g = body(await call(t.app, pSession, api('/billingRecord/device'), { imei: imei.G })).obj as { list: { billMonth: string }[] };
    expect(g.list.map((l) => l.billMonth)).toEqual([M1]);
    // the sub-company billed by P sees its device's line on P's bill
    expect((body(await call(t.app, sSession, api('/billingRecord/device'), { imei: imei.B })).obj.list as unknown[]).length).toBe(1);
    for (const [s, i] of [
      [fSession, imei.A],
      [sSession, imei.A],
      [pSession, imei.H],
    ] as const) {
      const r = body(await call(t.app, s, api('/billingRecord/device'), { imei: i }));
      expect([r.success, r.code]).toEqual([false, 23003]);
    }
    const none = body(await call(t.app, pSession, api('/billingRecord/device'), { imei: imei.C })).obj;
    expect(none).toEqual({ list: [] });
  });
});

describe('the bill.close job', () => {
  it('closes the last ended month for every paying company that existed before its end', async () => {
    const month = monthToClose(Date.now());
    const { start } = monthRange(month);
    const [demo] = await db.rows<Row<'companies', 'id'>>(
      sql`SELECT c.id FROM companies c JOIN users u ON u.company_id = c.id WHERE u.email = 'admin@demo.rrp.local'`,
    );
    await db.rows(sql`UPDATE companies SET created_at = ${new Date(start.getTime() - 86_400_000).toISOString()}::timestamptz WHERE id = ${demo.id}`);
    const { handlers, periodic } = billingJobs({ database: db });
    const runner = new JobRunner(db, handlers, periodic, pino({ level: 'silent' }));
    await runner.tick();
    await runner.tick(); // the same slot again: nothing new
    const made = await db.rows<Row<'bills', 'bill_month'>>(sql`SELECT bill_month FROM bills WHERE company_id = ${demo.id}`);
    expect(made.map((b) => b.bill_month)).toEqual([month]);
    const jobs = await db.rows<Row<'jobs', 'status'>>(sql`SELECT status FROM jobs WHERE name = 'bill.close'`);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.status === 'done')).toBe(true);
    // the companies of this file were all billed for the month too (created in 2024), S excepted
    const others = await db.rows<Row<'bills', 'company_id'>>(
      sql`SELECT company_id FROM bills WHERE bill_month = ${month} AND company_id IN (${co.P}, ${co.S}, ${co.F})`,
    );
    expect(others.map((b) => b.company_id).sort()).toEqual([co.P, co.F].sort());
  });
});
