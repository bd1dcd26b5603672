import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import { seedCompany, seedDevice } from '../../../test/network-seed.js';
import type { Database } from '../../db/client.js';
import type { As, Nullable, Row } from '../../db/row.js';
import { JobRunner } from '../../jobs/runner.js';
import { writeReports } from '../ingestion/index.js';
import { networkJobs } from './jobs.js';
import { fleetTick } from './simulator/fleet.js';
import { SimulatorProvider } from './simulator/provider.js';
import { profileOf, seeded } from './simulator/world.js';

let database: Database;
let companyId: string;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  database = await freshDatabase();
  companyId = await seedCompany(database);
});
afterAll(() => database.close());

const reportsOf = async (id: string) =>
  database.rows<Row<'device_reports', 'bytes' | 'online' | 'signal_level' | 'network_operator'>>(
    sql`SELECT bytes, online, signal_level, network_operator FROM device_reports WHERE device_id = ${id} ORDER BY id`,
  );

describe('simulated fleet', () => {
  it('reports for active devices only: not suspended, not expired, not in stock', async () => {
    const active = [
      await seedDevice(database, companyId),
      await seedDevice(database, companyId, { status: 'esim' }),
      await seedDevice(database, companyId, { status: 'seed_card' }),
    ];
    const suspended = await seedDevice(database, companyId, { suspended: true });
    const expired = await seedDevice(database, companyId, { status: 'service_expired' });
    const stock = await seedDevice(database, companyId, { status: 'in_stock' });
    const n = await fleetTick(database, { rand: () => 0.5 });
    expect(n).toBe(3);
    for (const d of active) {
      const rs = await reportsOf(d.id);
      expect(rs).toHaveLength(1);
      expect(rs[0].online).toBe(true);
      // with rand() = 0.5 the level is the device's own, unjittered
      expect(rs[0].signal_level).toBe(profileOf(d.imei, d.region).signal);
      expect(['China Mobile', 'China Unicom', 'China Telecom']).toContain(rs[0].network_operator);
    }
    for (const d of [suspended, expired, stock]) expect(await reportsOf(d.id)).toHaveLength(0);
    // nobody is due again within the reporting rhythm
    expect(await fleetTick(database)).toBe(0);
    const [dev] = await database.rows<Row<'devices', 'online'> & Nullable<As<'device_reports', { last_report_at: 'reported_at' }>>>(
      sql`SELECT online, (SELECT max(reported_at) FROM device_reports WHERE device_id = devices.id) AS last_report_at FROM devices WHERE id = ${active[0].id}`,
    );
    expect(dev.online).toBe(true);
    expect(dev.last_report_at).not.toBeNull();
  });

  it('leaves a device that reported by itself within the rhythm to do so, and moves its clock to that report', async () => {
    const d = await seedDevice(database, companyId);
    const own = new Date(Date.now() - 5_000);
    await writeReports(database, [{ deviceId: d.id, at: own, bytes: 7, online: true }]);
    await fleetTick(database, { slice: 100_000 });
    expect((await reportsOf(d.id)).map((r) => Number(r.bytes))).toEqual([7]);
    const clock = async () =>
      (await database.rows<Row<'fleet_schedule', 'last_at'>>(sql`SELECT last_at FROM fleet_schedule WHERE device_id = ${d.id}`)).map((r) =>
        new Date(r.last_at).getTime(),
      );
    expect(await clock()).toEqual([own.getTime()]);
    // a rhythm later without a report of its own, the fleet reports for it
    await fleetTick(database, { now: Date.now() + 61_000, slice: 100_000 });
    expect(await reportsOf(d.id)).toHaveLength(2);
    expect((await clock())[0]).toBeGreaterThan(own.getTime());
  });

  it('reports plausible IoT usage, drops devices off now and then and brings them back', async () => {
    // a fixed device and random stream, so the outcome is the same on every run
    const d = await seedDevice(database, companyId, { region: 'europe', imei: '354000000000017' });
    // only this device reports: others would draw from the same stream in an order the database does not fix
    await database.rows(sql`UPDATE devices SET suspended = true WHERE id <> ${d.id}`);
    const rand = seeded('fleet-test');
    let now = Date.now();
    const bytes: number[] = [];
    const seen = new Set<boolean>();
    for (let i = 0; i < 200; i++) {
      now += 61_000;
      await fleetTick(database, { now, slice: 10_000, rand });
    }
    for (const r of await reportsOf(d.id)) {
      seen.add(r.online);
      if (r.online) bytes.push(Number(r.bytes));
    }
    expect(profileOf(d.imei, 'europe').dropRate).toBeGreaterThan(0.003);
    expect(seen).toEqual(new Set([true, false]));
    const median = bytes.sort((a, b) => a - b)[Math.floor(bytes.length / 2)];
    expect(median).toBeGreaterThan(200);
    expect(median).toBeLessThan(20_000_000);
  });

  it('works in bounded slices, oldest report first', async () => {
    await database.rows(
      sql`INSERT INTO fleet_schedule (device_id, last_at) SELECT id, now() FROM devices ON CONFLICT (device_id) DO UPDATE SET last_at = excluded.last_at`,
    );
    const many = [];
    for (let i = 0; i < 5; i++) many.push(await seedDevice(database, companyId));
    expect(await fleetTick(database, { slice: 2 })).toBe(2);
    expect(await fleetTick(database, { slice: 2 })).toBe(2);
    expect(await fleetTick(database, { slice: 2 })).toBe(1);
  });

  it('runs as the periodic job only where the fleet was started', async () => {
    const d = await seedDevice(database, companyId);
    const provider = new SimulatorProvider(database, { simulateFleet: true });
    const { handlers } = networkJobs({ database, provider });
    const runner = new JobRunner(database, handlers, [], log);
    await database.rows(sql`INSERT INTO jobs (name, max_attempts) VALUES ('network.fleet.tick', 1)`);
    await runner.tick();
    expect(await reportsOf(d.id)).toHaveLength(0);
    provider.start();
    await database.rows(sql`INSERT INTO jobs (name, max_attempts) VALUES ('network.fleet.tick', 1)`);
    await runner.tick();
    expect(await reportsOf(d.id)).toHaveLength(1);
    await provider.stop();
    const off = new SimulatorProvider(database, { simulateFleet: false });
    off.start();
    expect(off.fleetRunning).toBe(false);
    expect(networkJobs({ database, provider }).periodic.map((p) => p.name)).toEqual(['network.fleet.tick']);
  });
});
