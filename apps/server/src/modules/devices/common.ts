import { DEVICE_ERROR_TEXTS, type DeviceErrorText, type ErrorCode, IMEI_RE, LIMITS, type Locale } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';
import type { DeviceRef } from '../network/provider.js';

/** A catalogue code travelling with a more precise text (DEVICE_ERROR_TEXTS). */
export class DetailedError extends AppError {
  constructor(
    code: ErrorCode,
    readonly text: DeviceErrorText,
    params?: Record<string, string | number>,
  ) {
    super(code, params);
  }
  override message_(locale: Locale): string {
    let t: string = locale === 'en' ? DEVICE_ERROR_TEXTS[this.text].en : DEVICE_ERROR_TEXTS[this.text].zh;
    for (const [k, v] of Object.entries(this.params ?? {})) t = t.replaceAll(`{${k}}`, String(v));
    return t;
  }
}

/** Companies in the caller's subtree (the caller's company and its sub-companies). */
export const subtree = (companyPath: string): SQL => sql`(SELECT id FROM companies WHERE path LIKE ${`${companyPath}%`})`;

/** bytes to MB with two decimals */
export const mb = (bytes: number | string | null | undefined): number => Math.round((Number(bytes ?? 0) / 1048576) * 100) / 100;

export const iso = (v: string | Date | null | undefined): string | null => (v == null ? null : new Date(v).toISOString());

export type DeviceCore = {
  id: string;
  imei: string;
  region: string;
  company_id: string;
  status: string;
  suspended: boolean;
  auto_renew: boolean;
  license_expires_at: string | Date | null;
  last_switch_at: string | Date | null;
};

export const refOf = (d: Pick<DeviceCore, 'id' | 'imei' | 'region' | 'company_id'>): DeviceRef => ({
  id: d.id,
  imei: d.imei,
  region: d.region,
  companyId: d.company_id,
});

/** A device of the caller's subtree, locked when `forUpdate`; another company's IMEI is "not found" (23003). */
export async function findDevice(database: Database, companyPath: string, imei: string, tx?: Tx, forUpdate = false): Promise<DeviceCore> {
  const [d] = await database.rows<DeviceCore>(
    sql`SELECT id, imei, region, company_id, status, suspended, auto_renew, license_expires_at, last_switch_at
        FROM devices WHERE imei = ${imei} AND company_id IN ${subtree(companyPath)} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
    tx,
  );
  if (!d) throw new AppError(23003);
  return d;
}

/** IMEIs of a multi-IMEI operation: one per line (or commas, spaces), or an array; deduplicated. */
export function parseImeis(input: string | string[]): string[] {
  const items = (Array.isArray(input) ? input : input.split(/[\s,;]+/)).map((s) => s.trim()).filter((s) => s.length > 0);
  const unique = [...new Set(items)];
  if (unique.length === 0) throw new AppError(23001);
  if (unique.length > LIMITS.imeisPerOperation) throw new AppError(23014, { max: LIMITS.imeisPerOperation });
  const bad = unique.filter((s) => !IMEI_RE.test(s));
  if (bad.length) throw new AppError(23002, undefined, bad.slice(0, 10).join(', '));
  return unique;
}

/** The company's default group, created on first use (race-safe through the partial unique index). */
export async function defaultGroup(database: Database, companyId: string, tx?: Tx): Promise<string> {
  await database.rows(
    sql`INSERT INTO device_groups (company_id, name, is_default) VALUES (${companyId}, ${'默认分组'}, true)
        ON CONFLICT DO NOTHING`,
    tx,
  );
  const [g] = await database.rows<{ id: string }>(sql`SELECT id FROM device_groups WHERE company_id = ${companyId} AND is_default`, tx);
  if (!g) throw new AppError(25006);
  return g.id;
}
