import { IMEI_RE, LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';

export type DeviceCore = Row<
  'devices',
  'id' | 'imei' | 'region' | 'company_id' | 'status' | 'suspended' | 'auto_renew' | 'license_expires_at' | 'last_switch_at'
>;

/** A device the scope reaches, locked when `forUpdate`; another company's IMEI is "not found" (23003). */
export async function findDevice(database: Database, scope: TenantScope, imei: string, tx?: Tx, forUpdate = false): Promise<DeviceCore> {
  const [d] = await database.rows<DeviceCore>(
    sql`SELECT id, imei, region, company_id, status, suspended, auto_renew, license_expires_at, last_switch_at
        FROM devices WHERE imei = ${imei} AND ${scope.owns()} ${forUpdate ? sql`FOR UPDATE` : sql``}`,
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
  if (unique.length > LIMITS.imeisPerOperation) throw new AppError(23014, { params: { max: LIMITS.imeisPerOperation } });
  const bad = unique.filter((s) => !IMEI_RE.test(s));
  if (bad.length) throw new AppError(23002, { detail: bad.slice(0, 10).join(', ') });
  return unique;
}

/** The stored name of every company's default group; shown in the reader's language. */
export const DEFAULT_GROUP_NAME = '默认分组';

/**
 * The default group of `companyId`, a company the scope reaches (the caller's own, or the target
 * of a migration found in the scope), created on first use (race-safe through the partial unique index).
 */
export async function defaultGroup(database: Database, scope: TenantScope, companyId: string, tx?: Tx): Promise<string> {
  await database.rows(
    sql`INSERT INTO device_groups (company_id, name, is_default) VALUES (${companyId}, ${DEFAULT_GROUP_NAME}, true)
        ON CONFLICT DO NOTHING`,
    tx,
  );
  const [g] = await database.rows<Row<'device_groups', 'id'>>(
    sql`SELECT id FROM device_groups WHERE company_id = ${companyId} AND ${scope.owns()} AND is_default`,
    tx,
  );
  if (!g) throw new AppError(25006);
  return g.id;
}
