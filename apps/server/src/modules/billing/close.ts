import { BILLING_RATE_CODES, type BillingRateCode } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Nullable, Row } from '../../db/row.js';
import { billedBy } from '../../db/subtree.js';
import { recordAudit } from '../audit/index.js';
import { payerOf } from '../licenses/index.js';
import { SYSTEM_ACTOR } from '../orders/index.js';
import { type MonthRange, monthRange, previousMonth } from './month.js';

export const BILL_CLOSE_JOB = 'bill.close';

export const BILL_CLOSE = {
  everyMs: 15 * 60_000,
  /**
   * A month is closed by the job this long after it ended, so reports of its last minutes
   * (the roll-up runs every minute, devices may send late) are in the daily usage first.
   */
  graceMs: 60 * 60_000,
  /** a run closes companies for this long at most; the next run goes on */
  budgetMs: 40_000,
} as const;

const MIB = 1_048_576n;
/** Serialises the closes of one payer (advisory lock class; the payer's hash is the other key). */
const LOCK_CLASS = 727_301;
/** bill lines written per statement */
const LINE_CHUNK = 5_000;

export type Rates = Record<BillingRateCode, number>;

/** A device's share of a month, as it is written to bill_lines. */
export type LineFigures = {
  deviceId: string;
  imei: string;
  deviceName: string | null;
  usageBytes: number;
  roamingBytes: number;
  roamingFen: number;
  numberFen: number;
};

/** A payer's month, computed. */
export type BillFigures = {
  packageFen: number;
  overageFen: number;
  roamingFen: number;
  numberFen: number;
  totalFen: number;
  devices: number;
  usageBytes: number;
  overageMb: number;
  roamingBytes: number;
  rates: Rates;
  lines: LineFigures[];
};

/** The rates in force now (fen). */
export async function currentRates(database: Database, tx?: Tx): Promise<Rates> {
  const rows = await database.rows<Row<'billing_rates', 'code' | 'fen'>>(sql`SELECT code, fen FROM billing_rates`, tx);
  const byCode = new Map(rows.map((r) => [r.code, Number(r.fen)]));
  const missing = BILLING_RATE_CODES.filter((c) => !byCode.has(c));
  if (missing.length > 0) throw new Error(`billing rates missing: ${missing.join(', ')}`);
  return Object.fromEntries(BILLING_RATE_CODES.map((c) => [c, byCode.get(c) as number])) as Rates;
}

/** A non-negative decimal (numeric as text, up to 3 decimals) in thousandths, exactly. */
function thousandths(decimal: string): bigint {
  const [whole, frac = ''] = decimal.split('.');
  return BigInt(whole || '0') * 1000n + BigInt((frac + '000').slice(0, 3));
}

/** ceil(a / b) for a > 0, b > 0 */
const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/**
 * Whole MB beyond what the pool covered by the end of the month: U − (G + overage billed
 * before), rounded up, at least 0. U in bytes, G in MB with 3 decimals: compared in
 * thousandths of a byte-MB product so nothing is rounded before the final ceiling.
 */
export function overageMb(usedBytes: bigint, grantedMb: string, billedBeforeMb: bigint): bigint {
  const excess = usedBytes * 1000n - (thousandths(grantedMb) + billedBeforeMb * 1000n) * MIB;
  return excess > 0n ? ceilDiv(excess, 1000n * MIB) : 0n;
}

/** Whole MB of roaming, rounded up (a started MB is billed). */
export const roamingMbOf = (bytes: number): number => Number(ceilDiv(BigInt(bytes), MIB));

/**
 * Computes a payer's month (docs/billing.md): the package fee of the orders completed in it,
 * the devices in service with their usage, roaming and number fee, and the overage against the
 * pool. Reads only; the caller writes.
 */
export async function computeBill(database: Database, payer: { id: string; path: string }, r: MonthRange, rates: Rates, tx?: Tx): Promise<BillFigures> {
  const covered = billedBy(payer);
  // the sums as text, as their bigint and numeric columns arrive
  const [pkg] = await database.rows<As<'orders', { fen: 'total_fen' }>>(
    sql`SELECT coalesce(sum(total_fen), 0)::text AS fen FROM orders
        WHERE company_id IN ${covered} AND status = 'completed'
          AND completed_at >= ${r.start.toISOString()}::timestamptz AND completed_at < ${r.end.toISOString()}::timestamptz`,
    tx,
  );
  // devices in service: usage in the month, or a License in force at some point of it on a device imported before its end
  const devices = await database.rows<
    Row<'devices', 'id' | 'imei'> & Nullable<Row<'devices', 'name'>> & As<'device_usage_daily', { bytes: 'bytes'; roaming: 'roaming_bytes' }>
  >(
    sql`WITH u AS (
          SELECT device_id, sum(bytes) AS bytes, sum(roaming_bytes) AS roaming FROM device_usage_daily
          WHERE company_id IN ${covered} AND day >= ${r.firstDay}::date AND day < ${r.nextFirstDay}::date
          GROUP BY device_id)
        SELECT d.id, d.imei, nullif(d.name, '') AS name, u.bytes::text AS bytes, u.roaming::text AS roaming
        FROM u JOIN devices d ON d.id = u.device_id WHERE u.bytes > 0
        UNION ALL
        SELECT d.id, d.imei, nullif(d.name, ''), '0', '0' FROM devices d
        WHERE d.company_id IN ${covered} AND d.license_expires_at >= ${r.start.toISOString()}::timestamptz
          AND d.created_at < ${r.end.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM u WHERE u.device_id = d.id AND u.bytes > 0)
        ORDER BY imei`,
    tx,
  );
  const [pool] = await database.rows<
    As<'device_usage_daily', { used: 'bytes' }> & As<'data_pool_ledger', { granted: 'delta_mb' }> & As<'bills', { billed: 'overage_mb' }>
  >(
    sql`SELECT
          (SELECT coalesce(sum(bytes), 0) FROM device_usage_daily WHERE company_id IN ${covered} AND day < ${r.nextFirstDay}::date)::text AS used,
          (SELECT coalesce(sum(delta_mb) FILTER (WHERE delta_mb > 0), 0) FROM data_pool_ledger
            WHERE company_id = ${payer.id} AND created_at < ${r.end.toISOString()}::timestamptz)::text AS granted,
          (SELECT coalesce(sum(overage_mb), 0) FROM bills WHERE company_id = ${payer.id} AND bill_month < ${r.month})::text AS billed`,
    tx,
  );
  const lines: LineFigures[] = devices.map((d) => {
    const roamingBytes = Number(d.roaming);
    return {
      deviceId: d.id,
      imei: d.imei,
      deviceName: d.name,
      usageBytes: Number(d.bytes),
      roamingBytes,
      roamingFen: roamingMbOf(roamingBytes) * rates.roaming_per_mb,
      numberFen: rates.number_per_device,
    };
  });
  const over = Number(overageMb(BigInt(pool.used), pool.granted, BigInt(pool.billed)));
  const sum = (f: (l: LineFigures) => number) => lines.reduce((a, l) => a + f(l), 0);
  const packageFen = Number(pkg.fen);
  const overageFen = over * rates.overage_per_mb;
  const roamingFen = sum((l) => l.roamingFen);
  const numberFen = sum((l) => l.numberFen);
  return {
    packageFen,
    overageFen,
    roamingFen,
    numberFen,
    totalFen: packageFen + overageFen + roamingFen + numberFen,
    devices: lines.length,
    usageBytes: sum((l) => l.usageBytes),
    overageMb: over,
    roamingBytes: sum((l) => l.roamingBytes),
    rates,
    lines,
  };
}

/**
 * Closes a payer's month in one transaction: the bill (ON CONFLICT DO NOTHING on company and
 * month), then, only when this call made it, its lines and the audit event. Closes of one payer
 * are serialised by an advisory lock, and a month is not closed once the payer has a bill of
 * that month or a later one (a later bill already carried its usage into its overage). Returns
 * the new bill's id, or null when there was nothing to do. A company that does not pay for
 * itself (billed by its parent) gets no bill.
 */
export async function closeBill(database: Database, companyId: string, month: string): Promise<string | null> {
  const range = monthRange(month);
  return database.db.transaction(async (tx) => {
    await database.rows(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}::int, hashtext(${companyId}::text))`, tx);
    const payer = await payerOf(database, companyId, tx);
    if (payer.id !== companyId) return null;
    const [done] = await database.rows(sql`SELECT 1 FROM bills WHERE company_id = ${companyId} AND bill_month >= ${month} LIMIT 1`, tx);
    if (done) return null;
    const rates = await currentRates(database, tx);
    const f = await computeBill(database, payer, range, rates, tx);
    const [bill] = await database.rows<Row<'bills', 'id'>>(
      sql`INSERT INTO bills (company_id, bill_month, package_fen, overage_fen, roaming_fen, number_fen, total_fen, devices, usage_bytes, overage_mb, roaming_bytes, rates)
          VALUES (${companyId}, ${month}, ${f.packageFen}, ${f.overageFen}, ${f.roamingFen}, ${f.numberFen}, ${f.totalFen}, ${f.devices},
                  ${f.usageBytes}, ${f.overageMb}, ${f.roamingBytes}, ${JSON.stringify(f.rates)}::jsonb)
          ON CONFLICT (company_id, bill_month) DO NOTHING
          RETURNING id`,
      tx,
    );
    if (!bill) return null;
    for (let i = 0; i < f.lines.length; i += LINE_CHUNK) {
      const chunk = f.lines.slice(i, i + LINE_CHUNK).map((l) => ({
        device_id: l.deviceId,
        imei: l.imei,
        device_name: l.deviceName,
        usage_bytes: l.usageBytes,
        roaming_bytes: l.roamingBytes,
        roaming_fen: l.roamingFen,
        number_fen: l.numberFen,
      }));
      await database.rows(
        sql`INSERT INTO bill_lines (bill_id, device_id, imei, device_name, usage_bytes, roaming_bytes, roaming_fen, number_fen)
            SELECT ${bill.id}, x.device_id, x.imei, x.device_name, x.usage_bytes, x.roaming_bytes, x.roaming_fen, x.number_fen
            FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
              AS x(device_id uuid, imei text, device_name text, usage_bytes bigint, roaming_bytes bigint, roaming_fen bigint, number_fen bigint)`,
        tx,
      );
    }
    await recordAudit(database, tx, SYSTEM_ACTOR, {
      action: 'bill.close',
      companyId,
      targetType: 'bill',
      targetId: bill.id,
      targetLabel: month,
      changes: { bill_month: [null, month], total_fen: [null, f.totalFen], devices: [null, f.devices] },
    });
    return bill.id;
  });
}

export type CloseMonthResult = { month: string; closed: string[]; remaining: number };

/**
 * Closes a month for every paying company (billing independent, or a root company) created
 * before the month's end that has no bill of it (or of a later month) yet, one transaction per
 * company, oldest company first. Refuses a month that has not ended. With `budgetMs`, stops
 * after that long and says how many companies remain; `companyIds` limits it to those companies.
 */
export async function closeMonth(
  database: Database,
  month: string,
  opts: { now?: number; budgetMs?: number; companyIds?: string[] } = {},
): Promise<CloseMonthResult> {
  const range = monthRange(month);
  const now = opts.now ?? Date.now();
  if (now < range.end.getTime()) throw new Error(`bill month ${month} has not ended`);
  const only = opts.companyIds ? sql`AND c.id IN ${opts.companyIds.length ? opts.companyIds : ['00000000-0000-0000-0000-000000000000']}` : sql``;
  const due = await database.rows<Row<'companies', 'id'>>(
    sql`SELECT c.id FROM companies c
        WHERE (c.billing = 'independent' OR c.parent_id IS NULL) AND c.created_at < ${range.end.toISOString()}::timestamptz ${only}
          AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.company_id = c.id AND b.bill_month >= ${month})
        ORDER BY c.created_at, c.id`,
  );
  const started = Date.now();
  const closed: string[] = [];
  let i = 0;
  for (; i < due.length; i++) {
    if (opts.budgetMs !== undefined && Date.now() - started > opts.budgetMs) break;
    const id = await closeBill(database, due[i].id, month);
    if (id) closed.push(id);
  }
  return { month, closed, remaining: due.length - i };
}

/** The month the job closes at a time: the last one that ended at least the grace period ago. */
export const monthToClose = (now: number): string => previousMonth(now - BILL_CLOSE.graceMs);
