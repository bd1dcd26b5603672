import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CcSimulator, startCcSimulator } from '../../../../../operator-sims/src/index.js';
import { companyIdOf, setStock } from '../../../../test/devices.js';
import { buildTestApp, DEMO, type TestApp } from '../../../../test/helper.js';
import type { Count, Row } from '../../../db/row.js';
import { deviceRef } from '../../network/index.js';
import { createCiscoConnector } from '../cisco/index.js';
import { ConnectorError } from '../connector.js';
import type { AccountRow } from './account.js';
import { syncInventory } from './inventory.js';
import { connectivityJobs } from './jobs.js';
import { takeLease } from './lease.js';
import { runSync } from './run.js';

/** The sync engine against the Control Center simulator: inventory, import, usage, commands, faults. */
let t: TestApp;
let sim: CcSimulator;
let clock = Date.parse('2026-11-10T08:00:00Z');
let companyId: string;
const SIMS = 120;

const open =
  (apiKey = sim.apiKey) =>
  () =>
    createCiscoConnector({ baseUrl: sim.url, credentials: { kind: 'cisco_cc', username: sim.username, apiKey }, minCallSpacingMs: 0, timeoutMs: 2_000 });
const deps = (apiKey?: string) => ({ database: t.database, openConnector: open(apiKey), owner: 'test-node' });

async function addAccount(name: string, importCompany: string | null): Promise<string> {
  const [a] = await t.database.rows<Row<'connectivity_accounts', 'id'>>(
    sql`INSERT INTO connectivity_accounts (kind, name, base_url, import_company_id) VALUES ('cisco_cc', ${name}, ${sim.url}, ${importCompany}) RETURNING id`,
  );
  return a.id;
}
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;
const account = async (id: string) =>
  (
    await t.database.rows<Row<'connectivity_accounts', 'state' | 'state_message' | 'unreachable_since' | 'failures'>>(
      sql`SELECT state, state_message, unreachable_since, failures FROM connectivity_accounts WHERE id = ${id}`,
    )
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  sim = await startCcSimulator({ sims: SIMS, seed: 'sync-test', now: () => clock });
  companyId = (await companyIdOf(t.database, DEMO.admin)).id;
  await setStock(t.database, companyId, 1_000);
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
beforeEach(() => sim.faults.clear());

describe('sync engine on Control Center', () => {
  let acc: string;

  it('reads every SIM once, imports them into the company with a License each, and a second sync duplicates nothing', async () => {
    acc = await addAccount('cc main', companyId);
    expect(await runSync(deps(), acc)).toBe('synced');
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_sims WHERE account_id = ${acc}`)).toBe(SIMS);
    const imported = await count(sql`SELECT count(*)::int AS n FROM devices WHERE account_id = ${acc} AND company_id = ${companyId}`);
    expect(imported).toBe(SIMS);
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_sims WHERE account_id = ${acc} AND device_id IS NULL`)).toBe(0);
    expect(await count(sql`SELECT coalesce(-sum(delta), 0)::int AS n FROM license_ledger WHERE company_id = ${companyId} AND reason = 'import'`)).toBe(SIMS);
    // each device carries its SIM's ICCID and IMEI, suspended where the platform says so
    const mismatched = await count(
      sql`SELECT count(*)::int AS n FROM devices d JOIN platform_sims p ON p.device_id = d.id
          WHERE d.iccid <> p.iccid OR d.imei <> p.imei OR d.suspended <> (p.state <> 'active')`,
    );
    expect(mismatched).toBe(0);

    expect(await runSync(deps(), acc)).toBe('synced');
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_sims WHERE account_id = ${acc}`)).toBe(SIMS);
    expect(await count(sql`SELECT count(*)::int AS n FROM devices WHERE account_id = ${acc}`)).toBe(SIMS);
    expect((await account(acc)).state).toBe('active');
  });

  it('turns cycle-to-date growth into reports: the first reading is the baseline, the growth after it is counted once', async () => {
    const before = await count(sql`SELECT coalesce(sum(ctd_bytes), 0)::float8 AS n FROM platform_sims WHERE account_id = ${acc}`);
    expect(before).toBeGreaterThan(0);
    const reportsBefore = await count(
      sql`SELECT coalesce(sum(r.bytes), 0)::float8 AS n FROM device_reports r JOIN devices d ON d.id = r.device_id WHERE d.account_id = ${acc}`,
    );
    clock += 3_600_000;
    expect(await runSync(deps(), acc)).toBe('synced');
    const after = await count(sql`SELECT coalesce(sum(ctd_bytes), 0)::float8 AS n FROM platform_sims WHERE account_id = ${acc}`);
    const reported = await count(
      sql`SELECT coalesce(sum(r.bytes), 0)::float8 AS n FROM device_reports r JOIN devices d ON d.id = r.device_id WHERE d.account_id = ${acc}`,
    );
    expect(after).toBeGreaterThan(before);
    expect(reported - reportsBefore).toBe(after - before);
    // nothing grew: nothing more is reported
    expect(await runSync(deps(), acc)).toBe('synced');
    expect(
      await count(sql`SELECT coalesce(sum(r.bytes), 0)::float8 AS n FROM device_reports r JOIN devices d ON d.id = r.device_id WHERE d.account_id = ${acc}`),
    ).toBe(reported);
  });

  it("sends a member's suspend to the platform once, and the operation log keeps the platform's answer", async () => {
    const [d] = await t.database.rows<Row<'devices', 'id' | 'imei' | 'region' | 'company_id' | 'iccid'>>(
      sql`SELECT id, imei, region, company_id, iccid FROM devices WHERE account_id = ${acc} AND NOT suspended ORDER BY iccid LIMIT 1`,
    );
    const [op] = await t.database.rows<Row<'device_operations', 'id'>>(
      sql`INSERT INTO device_operations (device_id, action, status) VALUES (${d.id}, 'suspend', 'pending') RETURNING id`,
    );
    await t.provider.command(deviceRef(d), 'suspend', Number(op.id));
    const jobs = connectivityJobs({ database: t.database, openConnector: open(), owner: 'test-node' });
    const [job] = await t.database.rows<Row<'jobs', 'id' | 'name' | 'payload' | 'attempts' | 'max_attempts'>>(
      sql`SELECT id, name, payload, attempts, max_attempts FROM jobs WHERE name = 'connectivity.command' AND payload->>'deviceId' = ${d.id}`,
    );
    await jobs.handlers['connectivity.command'](job.payload as never, { ...job, attempts: 1 });
    expect(sim.account.fleet.get(d.iccid as string)?.status).toBe('DEACTIVATED');
    const [done] = await t.database.rows<Row<'device_operations', 'status' | 'detail'>>(sql`SELECT status, detail FROM device_operations WHERE id = ${op.id}`);
    expect(done.status).toBe('done');
    expect(done.detail).toMatchObject({ platform: 'cisco_cc', platformStatus: 'DEACTIVATED', suspended: true });

    // the operator turns it back on; the same job run again (a retry after a crash) sends nothing
    sim.account.fleet.setStatus(sim.account.fleet.get(d.iccid as string) as never, 'ACTIVATED');
    await jobs.handlers['connectivity.command'](job.payload as never, { ...job, attempts: 2 });
    expect(sim.account.fleet.get(d.iccid as string)?.status).toBe('ACTIVATED');
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_commands WHERE account_id = ${acc}`)).toBe(1);
  });

  it('opens the circuit while the platform is down, queues the next attempt with backoff, and catches up when it is back', async () => {
    sim.faults.set('down');
    for (let i = 0; i < 3; i++) expect(await runSync(deps(), acc)).toBe('failed');
    const down = await account(acc);
    expect(down.state).toBe('unreachable');
    expect(down.unreachable_since).not.toBeNull();
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'connectivity.sync' AND status = 'queued' AND payload->>'accountId' = ${acc} AND run_at > now()`,
      ),
    ).toBe(1);
    sim.faults.clear();
    expect(await runSync(deps(), acc)).toBe('synced');
    const up = await account(acc);
    expect(up).toMatchObject({ state: 'active', unreachable_since: null, failures: 0 });
  });

  it("puts the account in auth_failed with the platform's words when the credentials are refused, and retries nothing", async () => {
    const other = await addAccount('cc wrong key', null);
    expect(await runSync(deps('not-the-key'), other)).toBe('failed');
    const a = await account(other);
    expect(a.state).toBe('auth_failed');
    expect(a.state_message).toMatch(/10000001/);
    expect(await count(sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'connectivity.sync' AND payload->>'accountId' = ${other}`)).toBe(0);
    // and a sync of it is not even started until staff fix it
    expect(await runSync(deps(), other)).toBe('skipped');
  });

  it('resumes a sync cut short at the page it stopped at, without duplicates', async () => {
    const b = await addAccount('cc resumable', null);
    const load = async () =>
      (
        await t.database.rows<AccountRow>(
          sql`SELECT id, kind, name, base_url, credentials, regions, import_company_id, state, failures, sync_cursor FROM connectivity_accounts WHERE id = ${b}`,
        )
      )[0];
    let calls = 0;
    const cut = syncInventory(t.database, await load(), open()(), {
      beforePage: async () => {
        if (++calls === 2) throw new ConnectorError('unreachable', 'cut');
      },
    });
    await expect(cut).rejects.toThrow(/cut/);
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_sims WHERE account_id = ${b}`)).toBe(50);
    expect((await load()).sync_cursor).toMatchObject({ page: 2, running: true });
    const rest = await syncInventory(t.database, await load(), open()());
    expect(rest.pages).toBe(2);
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_sims WHERE account_id = ${b}`)).toBe(SIMS);
    expect((await load()).sync_cursor).toMatchObject({ running: false });
  });

  it('stops a sync before its next call when the process is stopping, keeping its place', async () => {
    const d = await addAccount('cc stopping', null);
    const stopping = new AbortController();
    stopping.abort();
    expect(await runSync({ ...deps(), signal: stopping.signal }, d)).toBe('stopped');
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_sims WHERE account_id = ${d}`)).toBe(0);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM connectivity_accounts WHERE id = ${d} AND lease_owner IS NULL AND (sync_cursor->>'running')::boolean`),
    ).toBe(1);
    expect(await runSync(deps(), d)).toBe('synced');
    expect(await count(sql`SELECT count(*)::int AS n FROM platform_sims WHERE account_id = ${d}`)).toBe(SIMS);
  });

  it('lets one node at a time sync an account, and another take over a lapsed lease', async () => {
    const c = await addAccount('cc leased', null);
    expect(await takeLease(t.database, c, 'node-a')).toBe(true);
    expect(await takeLease(t.database, c, 'node-b')).toBe(false);
    expect(await runSync({ ...deps(), owner: 'node-b' }, c)).toBe('skipped');
    await t.database.rows(sql`UPDATE connectivity_accounts SET lease_until = now() - interval '1 second' WHERE id = ${c}`);
    expect(await takeLease(t.database, c, 'node-b')).toBe(true);
  });
});
