import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';

export type DeviceKey = { companyId: string; keyId: string; secret: string };

/** The key a company's devices sign their reports with, created on first need (concurrent callers get the same key). */
export async function getOrCreateDeviceKey(database: Database, companyId: string): Promise<DeviceKey> {
  const keyId = `dk_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  await database.rows(sql`INSERT INTO device_keys (company_id, key_id, secret) VALUES (${companyId}, ${keyId}, ${secret}) ON CONFLICT (company_id) DO NOTHING`);
  const [row] = await database.rows<Row<'device_keys', 'key_id' | 'secret'>>(sql`SELECT key_id, secret FROM device_keys WHERE company_id = ${companyId}`);
  return { companyId, keyId: row.key_id, secret: row.secret };
}
