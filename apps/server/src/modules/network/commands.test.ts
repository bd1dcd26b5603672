import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import { seedCompany, seedDevice, seedOperation } from '../../../test/network-seed.js';
import type { Database } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import { JobRunner } from '../../jobs/runner.js';
import { createProvider } from './create-provider.js';
import { networkJobs } from './jobs.js';
import { SimulatorProvider } from './simulator/provider.js';
import { COMMAND_DELAY_MS } from './simulator/timing.js';
import { eidFor, networkOperatorsOf, profileOf } from './simulator/world.js';

let database: Database;
let companyId: string;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  database = await freshDatabase();
  companyId = await seedCompany(database);
});
afterAll(() => database.close());

const runnerFor = (provider: SimulatorProvider) => {
  const { handlers } = networkJobs({ database, provider });
  return new JobRunner(database, handlers, [], log);
};
/** How long after it was queued a job is due, in milliseconds. */
const delayMs = (job: Row<'jobs', 'run_at' | 'created_at'>) => new Date(job.run_at).getTime() - new Date(job.created_at).getTime();
const makeDue = () => database.rows(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE status = 'queued' AND name LIKE 'network.%'`);
const op = async (id: number) =>
  (
    await database.rows<Narrow<Row<'device_operations', 'status' | 'detail' | 'finished_at'>, { detail: Record<string, unknown> }>>(
      sql`SELECT status, detail, finished_at FROM device_operations WHERE id = ${id}`,
    )
  )[0];
const device = async (id: string) =>
  (
    await database.rows<
      Row<'devices', 'suspended' | 'online' | 'status' | 'iccid' | 'network_operator' | 'updated_at' | 'signal_level'> &
        Nullable<As<'device_reports', { last_report_at: 'reported_at' }>>
    >(
      sql`SELECT suspended, online, status, iccid, network_operator, updated_at, signal_level, (SELECT max(reported_at) FROM device_reports WHERE device_id = devices.id) AS last_report_at FROM devices WHERE id = ${id}`,
    )
  )[0];

describe('simulated commands', () => {
  it('enqueues a durable job with a realistic delay and completes it only when due', async () => {
    const provider = new SimulatorProvider(database, { simulateFleet: false, failureRate: 0 });
    const d = await seedDevice(database, companyId);
    const opId = await seedOperation(database, d.id, 'suspend');
    await provider.command(d, 'suspend', opId);
    const [job] = await database.rows<Row<'jobs', 'run_at' | 'created_at'>>(
      sql`SELECT run_at, created_at FROM jobs WHERE name = 'network.command' AND payload->>'operationId' = ${String(opId)}`,
    );
    expect(delayMs(job)).toBeGreaterThanOrEqual(COMMAND_DELAY_MS.suspend[0] - 50);
    expect(delayMs(job)).toBeLessThanOrEqual(COMMAND_DELAY_MS.suspend[1] + 50);
    const runner = runnerFor(provider);
    await runner.tick();
    expect((await op(opId)).status).toBe('pending');
    const before = await device(d.id);
    await makeDue();
    await runner.tick();
    const o = await op(opId);
    expect(o.status).toBe('done');
    expect(o.finished_at).not.toBeNull();
    expect(o.detail).toMatchObject({ result: 'done', suspended: true });
    const after = await device(d.id);
    expect(after.suspended).toBe(true);
    expect(after.online).toBe(false);
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
  });

  it('unsuspends after several restarts, switches cards and syncs fresh state', async () => {
    const provider = new SimulatorProvider(database, { simulateFleet: false, failureRate: 0 });
    const runner = runnerFor(provider);
    const d = await seedDevice(database, companyId, { suspended: true, status: 'esim' });
    const un = await seedOperation(database, d.id, 'unsuspend');
    const sw = await seedOperation(database, d.id, 'switch_card', { target: 'physical_card' });
    await provider.command(d, 'unsuspend', un);
    await provider.command(d, 'switch_card', sw);
    await makeDue();
    await runner.tick();
    expect((await op(un)).detail).toMatchObject({ result: 'done', suspended: false });
    expect(Number((await op(un)).detail.restarts)).toBeGreaterThanOrEqual(2);
    expect((await op(sw)).detail).toMatchObject({ result: 'done', from: 'esim', to: 'physical_card' });
    let dev = await device(d.id);
    expect(dev.suspended).toBe(false);
    expect(dev.status).toBe('physical_card');
    expect(dev.iccid).toMatch(/^8986\d{16}$/);
    expect(networkOperatorsOf('china_mainland')).toContain(dev.network_operator);

    const sy = await seedOperation(database, d.id, 'sync');
    await provider.command(d, 'sync', sy);
    await makeDue();
    await runner.tick();
    const s = await op(sy);
    expect(s.status).toBe('done');
    expect(s.detail).toMatchObject({ result: 'done', online: true });
    dev = await device(d.id);
    expect(dev.last_report_at).not.toBeNull();
    expect(dev.signal_level).toBe(s.detail.signalLevel);
    const [r] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM device_reports WHERE device_id = ${d.id}`);
    expect(r.n).toBe(1);
  });

  it('fails now and then with a reason, leaving the device as it was', async () => {
    const provider = new SimulatorProvider(database, { simulateFleet: false, failureRate: 1 });
    const d = await seedDevice(database, companyId);
    const opId = await seedOperation(database, d.id, 'suspend');
    await provider.command(d, 'suspend', opId);
    await makeDue();
    await runnerFor(provider).tick();
    const o = await op(opId);
    expect(o.status).toBe('failed');
    expect(o.detail).toMatchObject({ result: 'failed' });
    expect(typeof o.detail.reason).toBe('string');
    expect((await device(d.id)).suspended).toBe(false);
  });

  it('refuses a command for a device without service', async () => {
    const provider = new SimulatorProvider(database, { simulateFleet: false, failureRate: 0 });
    const d = await seedDevice(database, companyId, { status: 'service_expired' });
    const opId = await seedOperation(database, d.id, 'unsuspend');
    await provider.command(d, 'unsuspend', opId);
    await makeDue();
    await runnerFor(provider).tick();
    expect((await op(opId)).detail).toMatchObject({ result: 'failed', reason: 'no_service' });
  });

  it('survives a restart: a new provider and runner complete a command sent before', async () => {
    const first = new SimulatorProvider(database, { simulateFleet: false, failureRate: 0 });
    const d = await seedDevice(database, companyId);
    const opId = await seedOperation(database, d.id, 'suspend');
    await first.command(d, 'suspend', opId);
    // the process ends here; a new one starts with nothing in memory
    const second = createProvider(database, { simulateFleet: false, failureRate: 0 }) as SimulatorProvider;
    await makeDue();
    expect(await runnerFor(second).tick()).toBeGreaterThanOrEqual(1);
    expect((await op(opId)).status).toBe('done');
    expect((await device(d.id)).suspended).toBe(true);
  });

  it('applies a command once even when its job runs again', async () => {
    const provider = new SimulatorProvider(database, { simulateFleet: false, failureRate: 0 });
    const d = await seedDevice(database, companyId, { status: 'physical_card' });
    const opId = await seedOperation(database, d.id, 'switch_card');
    await provider.command(d, 'switch_card', opId);
    await provider.command(d, 'switch_card', opId); // a duplicate send is one job
    const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM jobs WHERE unique_key = ${`network.command:${opId}`}`);
    expect(n.n).toBe(1);
    await makeDue();
    const runner = runnerFor(provider);
    await runner.tick();
    expect((await device(d.id)).status).toBe('esim');
    await database.rows(sql`UPDATE jobs SET status = 'queued', run_at = now() - interval '1 second' WHERE unique_key = ${`network.command:${opId}`}`);
    await runner.tick();
    expect((await device(d.id)).status).toBe('esim');
  });

  it('activates devices (ICCID, EID, network operator by region, network details) and brings them online within seconds', async () => {
    const provider = new SimulatorProvider(database, { simulateFleet: false, failureRate: 0 });
    const cn = await seedDevice(database, companyId, { region: 'china_mainland' });
    const eu = await seedDevice(database, companyId, { region: 'europe' });
    await provider.activate([cn, eu]);
    // provisioning is queued, not done inside the caller's request
    expect((await device(cn.id)).online).toBe(false);
    const [job] = await database.rows<Row<'jobs', 'run_at' | 'created_at'>>(
      sql`SELECT run_at, created_at FROM jobs WHERE name = 'network.attach' ORDER BY id DESC LIMIT 1`,
    );
    expect(delayMs(job)).toBeLessThanOrEqual(10_000);
    await makeDue();
    await runnerFor(provider).tick();
    // activated: every device has its EID and a signal level
    const rows = await database.rows<
      Narrow<
        Row<'devices', 'id' | 'imei' | 'iccid' | 'eid' | 'network_operator' | 'network_type' | 'area' | 'online' | 'signal_level'>,
        { eid: string; signal_level: number }
      >
    >(sql`SELECT id, imei, iccid, eid, network_operator, network_type, area, online, signal_level FROM devices WHERE id IN (${cn.id}, ${eu.id})`);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(['China Mobile', 'China Unicom', 'China Telecom']).toContain(byId[cn.id].network_operator);
    expect(networkOperatorsOf('europe')).toContain(byId[eu.id].network_operator);
    expect(byId[cn.id].iccid).toMatch(/^89\d{18}$/);
    for (const r of rows) {
      // a 32-digit EID derived from the IMEI, its check digits making it 1 mod 97
      expect(r.eid).toMatch(/^89049032\d{24}$/);
      expect(r.eid).toBe(eidFor(r.imei));
      expect(BigInt(r.eid) % 97n).toBe(1n);
      expect(['4G', '5G', 'LTE-M', 'NB-IoT']).toContain(r.network_type);
      expect(r.area).toBeTruthy();
      expect(r.online).toBe(true);
      // the device's own level, give or take the one step of jitter a report has
      const own = profileOf(r.imei, r.id === cn.id ? cn.region : eu.region).signal;
      expect(Number.isInteger(r.signal_level)).toBe(true);
      expect(Math.abs(r.signal_level - own)).toBeLessThanOrEqual(1);
    }

    await provider.deactivate(cn);
    expect((await device(cn.id)).online).toBe(false);
  });
});
