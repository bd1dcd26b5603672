import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import { seedCompany, seedDevice } from '../../../test/network-seed.js';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { writeReports } from './ingest.js';

let database: Database;
let companyId: string;
beforeAll(async () => {
  database = await freshDatabase();
  companyId = await seedCompany(database);
});
afterAll(() => database.close());

const at = (min: number) => new Date(Date.UTC(2026, 10, 20, 8, min));
/** A device's status events, each at its UTC time of day (HH:MI). */
const events = async (deviceId: string) =>
  (
    await database.rows<Row<'device_status_events', 'at' | 'online'>>(
      sql`SELECT at, online FROM device_status_events WHERE device_id = ${deviceId} ORDER BY at, id`,
    )
  ).map((e) => ({ at: new Date(e.at).toISOString().slice(11, 16), online: e.online }));

describe('device status events', () => {
  it('records every change of the online state, also a change and its reversal inside one batch', async () => {
    const d = await seedDevice(database, companyId);
    await database.rows(sql`UPDATE devices SET online = false WHERE id = ${d.id}`);
    const flips = [true, true, false, false, true].map((online, i) => ({ deviceId: d.id, at: at(i), bytes: 1, online }));
    // sent out of order: the batch is judged in time order
    await writeReports(database, [flips[3], flips[0], flips[4], flips[1], flips[2]]);
    expect(await events(d.id)).toEqual([
      { at: '08:00', online: true },
      { at: '08:02', online: false },
      { at: '08:04', online: true },
    ]);
    // the next batch is compared with the state the device was left in
    await writeReports(database, [
      { deviceId: d.id, at: at(5), bytes: 1, online: true },
      { deviceId: d.id, at: at(6), bytes: 0, online: false },
    ]);
    expect((await events(d.id)).map((e) => `${e.at} ${e.online}`)).toEqual(['08:00 true', '08:02 false', '08:04 true', '08:06 false']);
  });

  it('writes none for reports older than what the device already showed', async () => {
    const d = await seedDevice(database, companyId);
    await database.rows(sql`UPDATE devices SET online = true WHERE id = ${d.id}`);
    await writeReports(database, [{ deviceId: d.id, at: at(30), bytes: 0, online: true }]);
    await writeReports(database, [{ deviceId: d.id, at: at(10), bytes: 0, online: false }]);
    expect(await events(d.id)).toEqual([]);
    const [row] = await database.rows<Row<'devices', 'online'>>(sql`SELECT online FROM devices WHERE id = ${d.id}`);
    expect(row.online).toBe(true);
  });
});
