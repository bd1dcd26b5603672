import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CcSimulator, startCcSimulator } from '../../../../../operator-sims/src/index.js';
import { addDevices, auditOf } from '../../../../test/companies.js';
import { companyIdOf, setStock } from '../../../../test/devices.js';
import { buildTestApp, call, DEMO, login, OPS_PASSWORD, type Session, type TestApp } from '../../../../test/helper.js';
import type { Count, Row } from '../../../db/row.js';
import { SIMULATED_ACCOUNT_ID } from '../../../db/schema/connectivity.js';
import { decryptCredentials, secretsKey } from '../secrets.js';

let t: TestApp;
let staff: Session;
let companyId: string;
let sim: CcSimulator;

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> };
const ops = (path: string, body: unknown, lang = 'en') =>
  call(t.app, staff, `/api/v1/ops/connectivity/${path}`, body, { lang }).then((r) => ({ ...(r.json() as Envelope), raw: r.body }));

const API_KEY = 'cc-api-key-9f8e7d6c5b4a';
const PASSWORD = 'onelink-pass-Zq81xw';

/** An address nothing listens on: a port the system gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

const cisco = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'cisco_cc',
  name,
  baseUrl: 'https://cc.example.com/rws/api/v1',
  credentials: { kind: 'cisco_cc', username: 'ops-user', apiKey: API_KEY },
  regions: ['europe'],
  operators: ['26202'],
  iccidPrefixes: ['894920'],
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  companyId = (await companyIdOf(t.database, DEMO.admin)).id;
  sim = await startCcSimulator({ sims: 5, seed: 'backoffice-test', username: 'rrp-api', apiKey: 'cc-key-123' });
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

describe('connectivity accounts', () => {
  it('adds an account with encrypted credentials, lists and shows it, and never answers the secret', async () => {
    const added = await ops('add', cisco('Control Center EU', { importCompanyId: companyId }));
    expect(added.code).toBe(0);
    const id = added.obj.id as string;
    expect(added.obj).toMatchObject({ kind: 'cisco_cc', name: 'Control Center EU', state: 'active', regions: ['europe'], importCompanyId: companyId });
    expect(added.obj.credentialsHint).toContain('ops-user');
    expect(added.raw).not.toContain(API_KEY);
    expect(added.raw).not.toContain(API_KEY.slice(0, 10));

    const [stored] = await t.database.rows<Row<'connectivity_accounts', 'credentials'>>(sql`SELECT credentials FROM connectivity_accounts WHERE id = ${id}`);
    expect(stored.credentials).toMatch(/^v1:/);
    expect(stored.credentials).not.toContain(API_KEY);
    expect(decryptCredentials(secretsKey(t.config), id, stored.credentials)).toEqual({ kind: 'cisco_cc', username: 'ops-user', apiKey: API_KEY });

    const list = await ops('list', { keyword: 'Control Center' });
    expect(list.raw).not.toContain(API_KEY);
    expect((list.obj.list as { id: string }[]).map((a) => a.id)).toContain(id);
    const all = await ops('list', {});
    expect((all.obj.list as { id: string }[])[0].id).toBe(SIMULATED_ACCOUNT_ID);
    const filtered = await ops('list', { kind: 'onelink' });
    expect((filtered.obj.list as { id: string }[]).map((a) => a.id)).not.toContain(id);

    const detail = await ops('detail', { id });
    expect(detail.obj).toMatchObject({ id, importCompanyName: expect.any(String), devices: 0, platformSims: 0 });
    expect(detail.raw).not.toContain(API_KEY);

    const [audit] = (await auditOf(t.database, 'connectivity.add')).filter((e) => e.target_id === id);
    expect(audit.actor_kind).toBe('staff');
    expect(audit.changes.credentials).toEqual(['***', '***']);
    expect(JSON.stringify(audit.changes)).not.toContain(API_KEY);
  });

  it('updates fields, keeps the saved credentials when none are sent, replaces them when sent, and audits without values', async () => {
    const { obj } = await ops('add', cisco('CC update'));
    const id = obj.id as string;
    const read = async () =>
      (await t.database.rows<Row<'connectivity_accounts', 'credentials'>>(sql`SELECT credentials FROM connectivity_accounts WHERE id = ${id}`))[0].credentials;
    const before = await read();

    const renamed = await ops('update', { id, name: 'CC renamed', regions: ['europe', 'americas'] });
    expect(renamed.obj).toMatchObject({ name: 'CC renamed', regions: ['europe', 'americas'] });
    expect(await read()).toBe(before);

    const rekeyed = await ops('update', { id, credentials: { kind: 'cisco_cc', username: 'ops-user-2', apiKey: 'new-api-key-000111' } });
    expect(rekeyed.code).toBe(0);
    expect(rekeyed.raw).not.toContain('new-api-key-000111');
    expect(rekeyed.obj.credentialsHint).toContain('ops-user-2');
    expect(decryptCredentials(secretsKey(t.config), id, await read())).toMatchObject({ apiKey: 'new-api-key-000111' });

    const wrongKind = await ops('update', { id, credentials: { kind: 'onelink', appid: 'a', password: 'p' } });
    expect(wrongKind.code).toBe(40004);
    expect(wrongKind.msg).toMatch(/credentials/);

    const audits = (await auditOf(t.database, 'connectivity.update')).filter((e) => e.target_id === id);
    expect(audits[0].changes).toMatchObject({ name: ['CC update', 'CC renamed'], regions: [['europe'], ['europe', 'americas']] });
    expect(audits[0].changes.credentials).toBeUndefined();
    expect(audits[1].changes.credentials).toEqual(['***', '***']);
    expect(JSON.stringify(audits)).not.toContain('new-api-key-000111');
  });

  it('refuses bad input naming the field, a taken name, the simulated kind and an unknown company', async () => {
    const badUrl = await ops('add', cisco('Bad url', { baseUrl: 'ftp://cc.example.com' }));
    expect(badUrl.code).toBe(28002);
    expect(badUrl.msg).toMatch(/base URL/);
    const longName = await ops('add', cisco('x'.repeat(65)));
    expect(longName.msg).toMatch(/name/);
    const badRegion = await ops('add', cisco('Bad region', { regions: ['mars'] }));
    expect(badRegion.msg).toMatch(/regions/);
    const badPrefix = await ops('add', cisco('Bad prefix', { iccidPrefixes: ['89ab'] }));
    expect(badPrefix.msg).toMatch(/ICCID prefixes/);
    const simulated = await ops('add', cisco('Another simulated', { kind: 'simulated' }));
    expect(simulated.msg).toMatch(/platform kind/);
    const noKey = await ops('add', cisco('No key', { credentials: { kind: 'cisco_cc', username: 'u' } }));
    expect(noKey.msg).toMatch(/API key/);
    const mismatch = await ops('add', cisco('Mismatch', { credentials: { kind: 'onelink', appid: 'a', password: 'p' } }));
    expect(mismatch.code).toBe(40004);
    const zh = await ops('add', cisco('坏地址', { baseUrl: 'nope' }), 'zh-CN');
    expect(zh.msg).toMatch(/接口地址/);

    expect((await ops('add', cisco('Taken'))).code).toBe(0);
    const taken = await ops('add', cisco('Taken'));
    expect(taken.code).toBe(40002);
    const unknownCompany = await ops('add', cisco('Nobody', { importCompanyId: '00000000-0000-4000-8000-00000000abcd' }));
    expect(unknownCompany.code).toBe(40011);
    expect((await ops('detail', { id: '00000000-0000-4000-8000-00000000abcd' })).code).toBe(40001);
    expect((await ops('update', { id: SIMULATED_ACCOUNT_ID, baseUrl: 'https://x.example.com' })).code).toBe(40003);
  });

  it('disables and enables an account, refuses syncing a disabled or the built-in one, and queues a sync of an active one', async () => {
    const { obj } = await ops('add', { ...cisco('OneLink'), kind: 'onelink', credentials: { kind: 'onelink', appid: 'app-1', password: PASSWORD } });
    const id = obj.id as string;
    const off = await ops('disable', { id, disabled: true });
    expect(off.obj.state).toBe('disabled');
    expect((await ops('sync', { id })).code).toBe(40005);
    const on = await ops('disable', { id, disabled: false });
    expect(on.obj.state).toBe('active');
    expect((await ops('sync', { id })).obj).toEqual({ queued: true });
    const jobs = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM jobs WHERE unique_key = ${`connectivity.sync:${id}`}`);
    expect(jobs[0].n).toBe(1);
    expect((await ops('sync', { id: SIMULATED_ACCOUNT_ID })).code).toBe(40003);
    const states = (await auditOf(t.database, 'connectivity.disable')).filter((e) => e.target_id === id).map((e) => e.changes.state);
    expect(states).toEqual([
      ['active', 'disabled'],
      ['disabled', 'active'],
    ]);
    expect((await auditOf(t.database, 'connectivity.sync')).some((e) => e.target_id === id)).toBe(true);
  });

  it('refuses a test of credentials saved under another key or for another account', async () => {
    const { obj } = await ops('add', cisco('Tampered'));
    const id = obj.id as string;
    const { obj: other } = await ops('add', cisco('Other'));
    await t.database.rows(
      sql`UPDATE connectivity_accounts SET credentials = (SELECT credentials FROM connectivity_accounts WHERE id = ${other.id as string}) WHERE id = ${id}`,
    );
    expect((await ops('test', { id })).code).toBe(40012);
    expect((await ops('test', { id: SIMULATED_ACCOUNT_ID })).code).toBe(40003);
  });

  it('tests the connection: an unreachable address puts the account in "unreachable" since the first failure', async () => {
    const port = await closedPort();
    const { obj } = await ops('add', cisco('Unreachable', { baseUrl: `http://127.0.0.1:${port}` }));
    const id = obj.id as string;
    const first = await ops('test', { id });
    expect(first.obj).toMatchObject({ ok: false, state: 'unreachable' });
    expect(first.obj.message).toEqual(expect.any(String));
    expect(first.raw).not.toContain(API_KEY);
    const since = (await ops('detail', { id })).obj.unreachableSince;
    expect(since).toEqual(expect.any(String));
    await ops('test', { id });
    expect((await ops('detail', { id })).obj.unreachableSince).toBe(since);
    const audit = (await auditOf(t.database, 'connectivity.test')).filter((e) => e.target_id === id);
    expect(audit[0].changes.state).toEqual(['active', 'unreachable']);
  });
  it('tests the connection against the platform: refused credentials put the account in "authentication failed" with its words; right ones make it active', async () => {
    const { obj } = await ops('add', cisco('CC simulator', { baseUrl: sim.url, credentials: { kind: 'cisco_cc', username: 'rrp-api', apiKey: 'wrong-key' } }));
    const id = obj.id as string;
    const refused = await ops('test', { id });
    expect(refused.obj).toMatchObject({ ok: false, state: 'auth_failed', message: 'Invalid credentials' });
    expect(refused.raw).not.toContain('wrong-key');
    expect((await ops('detail', { id })).obj).toMatchObject({ state: 'auth_failed', stateMessage: 'Invalid credentials' });

    await ops('update', { id, credentials: { kind: 'cisco_cc', username: 'rrp-api', apiKey: 'cc-key-123' } });
    const ok = await ops('test', { id });
    expect(ok.obj).toMatchObject({ ok: true, state: 'active' });
    expect(ok.obj.message).toMatch(/rrp-api/);
    expect(ok.obj.latencyMs).toEqual(expect.any(Number));
    expect(ok.raw).not.toContain('cc-key-123');
    const audit = (await auditOf(t.database, 'connectivity.test')).filter((e) => e.target_id === id);
    expect(audit.map((e) => e.changes.result[1])).toEqual(['auth', 'ok']);
    expect(JSON.stringify(audit)).not.toContain('cc-key-123');
  });
});

describe('reconciliation', () => {
  it('lists platform-only SIMs, product-only devices and state differences, and resolves them', async () => {
    const { obj } = await ops('add', { ...cisco('Recon'), kind: 'onelink', credentials: { kind: 'onelink', appid: 'app-r', password: PASSWORD } });
    const id = obj.id as string;
    const [matched, diff, productOnly] = await addDevices(t.database, companyId, ['861000000000101', '861000000000102', '861000000000103']);
    await t.database.rows(
      sql`UPDATE devices SET account_id = ${id}, iccid = '8986000000000000' || right(imei, 4) WHERE id IN (${matched}, ${diff}, ${productOnly})`,
    );
    await t.database.rows(sql`UPDATE devices SET suspended = true WHERE id = ${diff}`);
    await t.database.rows(sql`INSERT INTO platform_sims (account_id, iccid, status, state, device_id, msisdn, imei) VALUES
      (${id}, '89860000000000000101', '2', 'active', ${matched}, '1440000000101', NULL),
      (${id}, '89860000000000000102', '2', 'active', ${diff}, NULL, NULL),
      (${id}, '89860000000000009999', '2', 'active', NULL, '1440000009999', NULL),
      (${id}, '89860000000000008888', '7', 'inventory', NULL, NULL, NULL),
      (${id}, '89860000000000007777', '2', 'active', NULL, NULL, '861000000007777')`);

    const view = async (v: string) => (await ops('reconcile/list', { id, view: v })).obj as { total: number; list: Record<string, unknown>[] };
    const platformOnly = await view('platform_only');
    expect(platformOnly.list.map((r) => r.iccid)).toEqual(['89860000000000007777', '89860000000000008888', '89860000000000009999']);
    expect(platformOnly.list[2]).toMatchObject({ platformStatus: '2', platformState: 'active', deviceId: null });
    const productOnlyView = await view('product_only');
    expect(productOnlyView.list).toEqual([expect.objectContaining({ deviceId: productOnly, imei: '861000000000103', productState: 'active' })]);
    const diffs = await view('state_diff');
    expect(diffs.list).toEqual([expect.objectContaining({ deviceId: diff, platformState: 'active', productState: 'suspended' })]);
    expect((await ops('reconcile/list', { id, view: 'platform_only', keyword: '9999' })).obj.total).toBe(1);

    const removed = await ops('reconcile/resolve', { id, iccid: '89860000000000009999', action: 'remove' });
    expect(removed.code).toBe(0);
    expect((await view('platform_only')).list.map((r) => r.iccid)).not.toContain('89860000000000009999');
    expect((await ops('reconcile/resolve', { id, iccid: '89860000000000009999', action: 'remove' })).code).toBe(40007);

    // push: the product's state (suspended) goes to the platform as a command; nothing changes here yet
    const pushed = await ops('reconcile/resolve', { id, deviceId: diff, action: 'push' });
    expect(pushed.obj).toMatchObject({ action: 'push', deviceId: diff });
    const commands = await t.database.rows<Row<'jobs', 'payload'>>(sql`SELECT payload FROM jobs WHERE name = 'connectivity.command'`);
    expect(commands.map((c) => c.payload)).toContainEqual(expect.objectContaining({ accountId: id, deviceId: diff, change: 'suspend' }));

    const accepted = await ops('reconcile/resolve', { id, deviceId: diff, action: 'accept' });
    expect(accepted.obj).toMatchObject({ action: 'accept', deviceId: diff });
    const [d] = await t.database.rows<Row<'devices', 'suspended'>>(sql`SELECT suspended FROM devices WHERE id = ${diff}`);
    expect(d.suspended).toBe(false);
    expect((await view('state_diff')).total).toBe(0);
    expect((await ops('reconcile/resolve', { id, deviceId: diff, action: 'accept' })).code).toBe(40007);

    // import: a SIM without an IMEI is refused; one with an IMEI becomes a device of the company, taking a License
    expect((await ops('reconcile/resolve', { id, iccid: '89860000000000008888', action: 'import' })).msg).toMatch(/company/);
    expect((await ops('reconcile/resolve', { id, iccid: '89860000000000008888', action: 'import', companyId })).code).toBe(40013);
    await setStock(t.database, companyId, 0);
    expect((await ops('reconcile/resolve', { id, iccid: '89860000000000007777', action: 'import', companyId })).code).toBe(40015);
    await setStock(t.database, companyId, 5);
    const imported = await ops('reconcile/resolve', { id, iccid: '89860000000000007777', action: 'import', companyId });
    expect(imported.code).toBe(0);
    const [device] = await t.database.rows<Row<'devices', 'company_id' | 'account_id' | 'iccid'>>(
      sql`SELECT company_id, account_id, iccid FROM devices WHERE id = ${imported.obj.deviceId as string}`,
    );
    expect(device).toEqual({ company_id: companyId, account_id: id, iccid: '89860000000000007777' });
    expect((await view('platform_only')).list.map((r) => r.iccid)).toEqual(['89860000000000008888']);

    const audits = (await auditOf(t.database, 'connectivity.reconcile')).filter((e) => e.target_id === id);
    expect(audits.map((e) => e.changes.action[1])).toEqual(['remove', 'push', 'accept', 'import']);
    expect(audits[2]).toMatchObject({ company_id: companyId, changes: { suspended: [true, false] } });
    expect((await ops('reconcile/resolve', { id, action: 'remove' })).code).toBe(28002);
  });
});
