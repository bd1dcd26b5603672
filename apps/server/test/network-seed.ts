import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';

/** Seeding helpers for the network, ingestion and usage tests: companies, devices and pending operations written directly. */
export async function seedCompany(database: Database, name = 'Acme'): Promise<string> {
  const [c] = await database.rows<{ id: string }>(sql`INSERT INTO companies (path, name, country) VALUES ('', ${name}, 'CN') RETURNING id`);
  await database.rows(sql`UPDATE companies SET path = ${`/${c.id}`} WHERE id = ${c.id}`);
  return c.id;
}

let imeiSeq = 0;
/** A fresh 15-digit IMEI, unique within the test process. */
export const nextImei = () => `86${String(process.pid % 1000).padStart(3, '0')}${String(++imeiSeq).padStart(10, '0')}`;

export type SeededDevice = { id: string; imei: string; region: string; companyId: string };

export async function seedDevice(
  database: Database,
  companyId: string,
  opts: { status?: string; suspended?: boolean; region?: string; imei?: string; online?: boolean } = {},
): Promise<SeededDevice> {
  const imei = opts.imei ?? nextImei();
  const region = opts.region ?? 'china_mainland';
  const [d] = await database.rows<{ id: string }>(
    sql`INSERT INTO devices (company_id, imei, region, status, suspended, online)
        VALUES (${companyId}, ${imei}, ${region}, ${opts.status ?? 'physical_card'}, ${opts.suspended ?? false}, ${opts.online ?? false}) RETURNING id`,
  );
  return { id: d.id, imei, region, companyId };
}

/** A pending operation row, as the device module writes it before calling the provider. */
export async function seedOperation(database: Database, deviceId: string, action: string, detail: object | null = null): Promise<number> {
  const [o] = await database.rows<{ id: string }>(
    sql`INSERT INTO device_operations (device_id, action, status, detail) VALUES (${deviceId}, ${action}, 'pending', ${detail ? JSON.stringify(detail) : null}::jsonb) RETURNING id`,
  );
  return Number(o.id);
}
