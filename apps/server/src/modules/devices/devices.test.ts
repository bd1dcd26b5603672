import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, imeis, otherCompany, readXlsx } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { As, Count, Narrow, Row } from '../../db/row.js';
import type { CommandKind, DeviceRef } from '../network/index.js';
import { EXPORT_BATCH } from './export.js';

let t: TestApp;
let admin: Session;
let stranger: Session;
let demo: { id: string; path: string };
let sub: { id: string; path: string };
let other: { companyId: string; email: string };
const commands: { kind: CommandKind; device: DeviceRef; op: number }[] = [];
const MB = 1048576;

async function addDevice(companyId: string, imei: string, f: Record<string, unknown> = {}): Promise<string> {
  const [r] = await t.database.rows<Row<'devices', 'id'>>(sql`
    INSERT INTO devices (company_id, imei, name, region, status, online, suspended, usage_yesterday, usage_month, created_at, license_expires_at, last_switch_at)
    VALUES (${companyId}, ${imei}, ${(f.name as string) ?? ''}, 'europe', ${(f.status as string) ?? 'physical_card'}, ${(f.online as boolean) ?? false},
            ${(f.suspended as boolean) ?? false}, ${(f.uy as number) ?? 0}, ${(f.um as number) ?? 0},
            ${(f.createdAt as string) ?? new Date().toISOString()}::timestamptz, now() + interval '200 days',
            ${(f.lastSwitchAt as string) ?? null}::timestamptz)
    RETURNING id`);
  return r.id;
}
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  t.provider.command = async (device, kind, op) => {
    commands.push({ device, kind, op });
  };
  admin = await login(t.app, DEMO.admin);
  demo = await companyIdOf(t.database, DEMO.admin);
  sub = await companyIdOf(t.database, DEMO.subAdmin);
  other = await otherCompany(t.database);
  stranger = await login(t.app, other.email);
  // 30 devices of the demo company, 5 of its sub-company, 3 of another company
  const base = Date.parse('2026-01-01T00:00:00Z');
  for (const [i, imei] of imeis('86100', 30).entries()) {
    await addDevice(demo.id, imei, {
      name: i % 3 === 0 ? `Truck ${i}` : `泵站 ${i}`,
      online: i % 2 === 0,
      uy: ((i * 7) % 11) * MB,
      um: ((i * 5) % 13) * MB,
      createdAt: new Date(base + (i % 10) * 1000).toISOString(), // ties on created_at: the id breaks them
    });
  }
  for (const imei of imeis('86101', 5)) await addDevice(sub.id, imei, { name: 'sub' });
  for (const imei of imeis('86102', 3)) await addDevice(other.companyId, imei, { name: 'Truck foreign' });
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>, s = admin) => call(t.app, s, api('/device/list'), body).then((r) => r.json());

describe('device list', () => {
  it('lists the company subtree only, with filters', async () => {
    const all = await list({ pageSize: 100 });
    expect(all.obj.total).toBe(35);
    expect(all.obj.list.some((d: { name: string }) => d.name === 'Truck foreign')).toBe(false);
    expect((await list({ name: 'truck' })).obj.total).toBe(10);
    expect((await list({ imei: '8610100' })).obj.total).toBe(5);
    expect((await list({ online: true, imei: '86100' })).obj.total).toBe(15);
    expect((await list({ status: 'service_expired' })).obj.total).toBe(0);
    expect((await list({ name: '%' })).obj.total).toBe(0);
    const theirs = await list({ pageSize: 100 }, stranger);
    expect(theirs.obj.total).toBe(3);
    const subOnly = await list({ pageSize: 100 }, await login(t.app, DEMO.subAdmin));
    expect(subOnly.obj.total).toBe(5);
  });

  it('walks every page with the cursor, in order, without gaps or repeats, for each sort', async () => {
    for (const sort of ['created_desc', 'usage_yesterday_desc', 'usage_yesterday_asc', 'usage_month_desc', 'usage_month_asc']) {
      const seen: { id: string; imei: string; usageYesterdayMb: number; usageMonthMb: number; createdAt: string }[] = [];
      let cursor: string | undefined;
      for (let guard = 0; guard < 20; guard++) {
        const page = await list({ sort, pageSize: 7, ...(cursor ? { cursor } : {}) });
        expect(page.success).toBe(true);
        seen.push(...page.obj.list);
        cursor = page.obj.nextCursor ?? undefined;
        if (!cursor) break;
      }
      expect(seen.length).toBe(35);
      expect(new Set(seen.map((d) => d.id)).size).toBe(35);
      const offsetAll = (await list({ sort, pageSize: 100 })).obj.list.map((d: { id: string }) => d.id);
      expect(seen.map((d) => d.id)).toEqual(offsetAll);
      if (sort === 'usage_yesterday_desc') {
        const v = seen.map((d) => d.usageYesterdayMb);
        expect(v).toEqual([...v].sort((a, b) => b - a));
      }
    }
    const second = await list({ pageNum: 2, pageSize: 10 });
    expect(second.obj.list).toHaveLength(10);
  });

  it('bounds the offset and refuses a forged cursor', async () => {
    expect((await list({ pageNum: 101, pageSize: 100 })).code).toBe(24002);
    expect((await list({ cursor: 'bm90LWEtY3Vyc29y' })).code).toBe(28002);
    const page = await list({ sort: 'created_desc', pageSize: 5 });
    expect((await list({ sort: 'usage_month_asc', cursor: page.obj.nextCursor })).code).toBe(28002);
  });

  it('shows usage in MB with two decimals', async () => {
    const imei = '861030000000001';
    await addDevice(demo.id, imei, { uy: 1572864 + 4000, um: 3 * MB });
    const d = (await list({ imei })).obj.list[0];
    expect(d.usageYesterdayMb).toBe(1.5);
    expect(d.usageMonthMb).toBe(3);
    await t.database.rows(sql`DELETE FROM devices WHERE imei = ${imei}`);
  });
});

describe('device detail and commands', () => {
  const mine = imeis('86100', 30)[0];
  const foreign = imeis('86102', 3)[0];

  it('shows the device, operations, 30 days and 6 months of T+1 usage (up to yesterday) with missing days as 0', async () => {
    const [d] = await t.database.rows<Row<'devices', 'id'>>(sql`SELECT id FROM devices WHERE imei = ${mine}`);
    await t.database.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes)
      VALUES (${d.id}, ${demo.id}, (now() AT TIME ZONE 'UTC')::date, ${7 * MB}),
             (${d.id}, ${demo.id}, (now() AT TIME ZONE 'UTC')::date - 1, ${2 * MB + 1}),
             (${d.id}, ${demo.id}, (now() AT TIME ZONE 'UTC')::date - 3, ${MB / 2})`);
    const res = await call(t.app, admin, api('/device/detail'), { imei: mine });
    const obj = res.json().obj;
    expect(obj.device.imei).toBe(mine);
    expect(obj.usageDaily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // today's 7 MB are not shown yet: the figures end with yesterday, as the T+1 note says
    expect(obj.usageThrough).toBe(yesterday);
    expect(obj.usageDaily[29].day).toBe(yesterday);
    expect(obj.usageDaily[29]).toEqual({ day: yesterday, mb: 2, bytes: 2 * MB + 1 });
    expect(obj.usageDaily[27].mb).toBe(0.5);
    expect(obj.usageDaily[28].mb).toBe(0);
    expect(obj.usageMonthly).toHaveLength(6);
    expect(obj.usageMonthly[5].month).toBe(today.slice(0, 7));
    // every month's bytes are the exact sum of its days' bytes, so the web rounds once from the same unit
    const monthly = new Map<string, number>(obj.usageMonthly.map((m: { month: string; bytes: number }) => [m.month, m.bytes]));
    const bytesOf = (month: string) =>
      obj.usageDaily.filter((u: { day: string }) => u.day.startsWith(month)).reduce((s: number, u: { bytes: number }) => s + u.bytes, 0);
    expect(monthly.get(today.slice(0, 7))).toBe(bytesOf(today.slice(0, 7)));
    expect(obj.usageMonthly.reduce((s: number, m: { bytes: number }) => s + m.bytes, 0)).toBe(2 * MB + 1 + MB / 2);
    expect(obj.switchAvailableAt).toBeNull();
  });

  it('sends codes for operator, area and the platform-named default group alongside the names', async () => {
    const imei = '861040000000001';
    const id = await addDevice(demo.id, imei);
    await call(t.app, admin, api('/device/group/list'), {}); // the default group exists from first use on
    const [g] = await t.database.rows<Row<'device_groups', 'id'>>(sql`SELECT id FROM device_groups WHERE company_id = ${demo.id} AND is_default`);
    await t.database.rows(sql`UPDATE devices SET network_operator = 'China Mobile', area = 'Guangdong Guangzhou', group_id = ${g.id} WHERE id = ${id}`);
    const row = (await list({ imei })).obj.list[0];
    expect(row).toMatchObject({
      networkOperator: 'China Mobile',
      networkOperatorCode: '46000',
      area: 'Guangdong Guangzhou',
      areaCode: 'cn-gd-guangzhou',
      groupName: '默认分组',
      groupNameCode: 'default',
    });
    const groups = (await call(t.app, admin, api('/device/group/list'), {}, { lang: 'en' })).json().obj.list;
    expect(groups.find((x: { isDefault: boolean }) => x.isDefault)).toMatchObject({ name: 'Default group', nameCode: 'default' });

    // names the platform does not know keep no code and are shown as reported
    await t.database.rows(sql`UPDATE devices SET network_operator = 'Acme Mobile', area = 'Atlantis' WHERE id = ${id}`);
    expect((await list({ imei })).obj.list[0]).toMatchObject({ networkOperatorCode: null, areaCode: null });
    // a renamed default group is the company's own name: no code
    await t.database.rows(sql`UPDATE device_groups SET name = '总部' WHERE id = ${g.id}`);
    expect((await list({ imei })).obj.list[0]).toMatchObject({ groupName: '总部', groupNameCode: null });
    expect((await call(t.app, admin, api('/device/detail'), { imei })).json().obj.device.groupNameCode).toBeNull();
    await t.database.rows(sql`UPDATE device_groups SET name = '默认分组' WHERE id = ${g.id}`);
    await t.database.rows(sql`DELETE FROM devices WHERE id = ${id}`);
  });

  it('switches a card to the target the label names, or to the other card; refuses the card it is on', async () => {
    const [onPhysical, onEsim, onSeed, inStock] = imeis('86105', 4);
    await addDevice(demo.id, onPhysical, { status: 'physical_card' });
    await addDevice(demo.id, onEsim, { status: 'esim' });
    await addDevice(demo.id, onSeed, { status: 'seed_card' });
    await addDevice(demo.id, inStock, { status: 'in_stock' });
    const targetOf = async (opId: number) =>
      (
        await t.database.rows<Narrow<Row<'device_operations', 'detail'>, { detail: { target: string } }>>(
          sql`SELECT detail FROM device_operations WHERE id = ${opId}`,
        )
      )[0].detail.target;
    const opsOf = (imei: string) => count(sql`SELECT count(*)::int AS n FROM device_operations o JOIN devices d ON d.id = o.device_id WHERE d.imei = ${imei}`);

    // already on the target: refused in the reader's language, nothing written or sent
    const sent = commands.length;
    const same = await call(t.app, admin, api('/device/switchCard'), { imei: onPhysical, target: 'physical_card' }, { lang: 'en' });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({ code: 23011, msg: 'The device is already on its physical card' });
    const sameZh = await call(t.app, admin, api('/device/switchCard'), { imei: onEsim, target: 'esim' });
    expect(sameZh.json().msg).toBe('设备已在使用 eSIM，无需切换到 eSIM');
    expect(await opsOf(onPhysical)).toBe(0);
    expect(commands.length).toBe(sent);
    const [sw] = await t.database.rows<As<'devices', { at: 'last_switch_at' }>>(sql`SELECT last_switch_at AS at FROM devices WHERE imei = ${onPhysical}`);
    expect(sw.at).toBeNull();

    // no service: nothing to switch
    const stock = await call(t.app, admin, api('/device/switchCard'), { imei: inStock }, { lang: 'en' });
    expect(stock.json()).toMatchObject({ code: 23011, msg: 'The device has no service (in stock or expired): its card cannot be switched' });

    // with a target: that target; without one: the card the device is not on
    const toEsim = (await call(t.app, admin, api('/device/switchCard'), { imei: onPhysical, target: 'esim' })).json();
    expect(await targetOf(toEsim.obj.operationId)).toBe('esim');
    const toPhysical = (await call(t.app, admin, api('/device/switchCard'), { imei: onEsim })).json();
    expect(await targetOf(toPhysical.obj.operationId)).toBe('physical_card');
    const fromSeed = (await call(t.app, admin, api('/device/switchCard'), { imei: onSeed })).json();
    expect(await targetOf(fromSeed.obj.operationId)).toBe('physical_card');
    expect((await call(t.app, admin, api('/device/switchCard'), { imei: onEsim, target: 'sim' })).json().code).toBe(28002);
    await t.database.rows(sql`DELETE FROM devices WHERE imei = ANY(${`{${[onPhysical, onEsim, onSeed, inStock].join(',')}}`}::text[])`);
  });

  it('sends commands as pending operations with a localized hint, and checks the state', async () => {
    const sync = (await call(t.app, admin, api('/device/sync'), { imei: mine }, { lang: 'en' })).json();
    expect(sync.obj.hint).toContain('30 seconds');
    expect(commands.at(-1)).toMatchObject({ kind: 'sync', op: sync.obj.operationId, device: { imei: mine } });
    const [op] = await t.database.rows<Row<'device_operations', 'status' | 'action'>>(
      sql`SELECT status, action FROM device_operations WHERE id = ${sync.obj.operationId}`,
    );
    expect(op).toEqual({ status: 'pending', action: 'sync' });

    expect((await call(t.app, admin, api('/device/unsuspend'), { imei: mine })).json().code).toBe(23011);
    expect((await call(t.app, admin, api('/device/suspend'), { imei: mine })).json().success).toBe(true);
    await t.database.rows(sql`UPDATE devices SET suspended = true WHERE imei = ${mine}`);
    const again = await call(t.app, admin, api('/device/suspend'), { imei: mine });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(23011);
    expect((await call(t.app, admin, api('/device/unsuspend'), { imei: mine }, { lang: 'en' })).json().obj.hint).toContain('several');

    const detail = (await call(t.app, admin, api('/device/detail'), { imei: mine })).json().obj;
    expect(detail.operations.map((o: { action: string }) => o.action)).toEqual(['unsuspend', 'suspend', 'sync']);
    expect(detail.operations[0]).toMatchObject({ actor: '演示管理员', status: 'pending' });
  });

  it('refuses a second card switch within 5 minutes (23012) and any command on an expired device (23011)', async () => {
    const imei = imeis('86100', 30)[1];
    expect((await call(t.app, admin, api('/device/switchCard'), { imei })).json().success).toBe(true);
    const second = await call(t.app, admin, api('/device/switchCard'), { imei });
    expect(second.json().code).toBe(23012);
    const detail = (await call(t.app, admin, api('/device/detail'), { imei })).json().obj;
    expect(Date.parse(detail.switchAvailableAt)).toBeGreaterThan(Date.now() + 4 * 60_000);
    await t.database.rows(sql`UPDATE devices SET last_switch_at = now() - interval '6 minutes' WHERE imei = ${imei}`);
    expect((await call(t.app, admin, api('/device/switchCard'), { imei })).json().success).toBe(true);

    const expired = imeis('86100', 30)[2];
    await t.database.rows(sql`UPDATE devices SET status = 'service_expired' WHERE imei = ${expired}`);
    for (const path of ['/device/sync', '/device/suspend', '/device/switchCard']) {
      expect((await call(t.app, admin, api(path), { imei: expired })).json().code).toBe(23011);
    }
    await t.database.rows(sql`UPDATE devices SET status = 'physical_card' WHERE imei = ${expired}`);
  });

  it('answers 404 (23003) for another company’s IMEI everywhere, and changes nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM device_operations`);
    const sent = commands.length;
    for (const path of ['/device/detail', '/device/sync', '/device/suspend', '/device/unsuspend', '/device/switchCard', '/device/license/renew']) {
      const res = await call(t.app, admin, api(path), { imei: foreign });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code, path).toBe(23003);
    }
    expect((await call(t.app, admin, api('/device/autoRenew'), { imei: foreign, autoRenew: false })).json().code).toBe(23003);
    const [d] = await t.database.rows<Row<'devices', 'auto_renew' | 'suspended' | 'company_id'>>(
      sql`SELECT auto_renew, suspended, company_id FROM devices WHERE imei = ${foreign}`,
    );
    expect(d).toEqual({ auto_renew: true, suspended: false, company_id: other.companyId });
    expect(await count(sql`SELECT count(*)::int AS n FROM device_operations`)).toBe(before);
    expect(commands.length).toBe(sent);
    expect((await call(t.app, admin, api('/device/detail'), { imei: '12345' })).json().code).toBe(28002);
  });
});

describe('migrate', () => {
  it('moves devices with their Licenses into the target’s default group, in one transaction', async () => {
    const two = imeis('86100', 30).slice(20, 22);
    const [strategy] = await t.database.rows<Row<'strategies', 'id'>>(sql`
      INSERT INTO strategies (company_id, name, interval_minutes, type, domains, quality, mode, packet_loss, delay_ms, jitter_ms, switch_to)
      VALUES (${demo.id}, '总部策略', 30, 'single', ARRAY['www.qq.com'], 'weak', 'any', 0.2, 300, 50, 'next') RETURNING id`);
    await t.database.rows(sql`UPDATE devices SET strategy_id = ${strategy.id} WHERE imei IN (${two[0]}, ${two[1]})`);
    const [before] = await t.database.rows<As<'devices', { exp: 'license_expires_at' }>>(
      sql`SELECT max(license_expires_at)::text AS exp FROM devices WHERE imei = ${two[0]}`,
    );
    const res = await call(t.app, admin, api('/device/migrate'), { imeis: `${two[0]}\n${two[1]}\n`, companyId: sub.id });
    expect(res.json().obj).toEqual({ moved: 2 });
    const moved = await t.database.rows<
      Row<'devices', 'company_id' | 'strategy_id'> & Row<'device_groups', 'is_default'> & As<'devices', { exp: 'license_expires_at' }>
    >(
      sql`SELECT d.company_id, d.strategy_id, g.is_default, d.license_expires_at::text AS exp FROM devices d JOIN device_groups g ON g.id = d.group_id
          WHERE d.imei IN (${two[0]}, ${two[1]})`,
    );
    expect(moved.every((m) => m.company_id === sub.id && m.is_default && m.strategy_id === null)).toBe(true);
    expect(moved[0].exp).toBe(before.exp);
    expect(await count(sql`SELECT count(*)::int AS n FROM device_operations WHERE action = 'migrate'`)).toBe(2);
  });

  it('refuses foreign IMEIs (23009, listing them), bad ones (23002), over 100 (23014), a target outside the tree (21001)', async () => {
    const mine = imeis('86100', 30)[5];
    const foreign = imeis('86102', 3)[1];
    const res = await call(t.app, admin, api('/device/migrate'), { imeis: [mine, foreign], companyId: sub.id }, { lang: 'en' });
    expect(res.json().code).toBe(23009);
    expect(res.json().msg).toContain(foreign);
    expect(res.json().msg).not.toContain(mine);
    expect((await call(t.app, admin, api('/device/migrate'), { imeis: `${mine}\n12345`, companyId: sub.id })).json().code).toBe(23002);
    const many = imeis('86109', 101).join('\n');
    expect((await call(t.app, admin, api('/device/migrate'), { imeis: many, companyId: sub.id })).json().code).toBe(23014);
    expect((await call(t.app, admin, api('/device/migrate'), { imeis: ' \n ', companyId: sub.id })).json().code).toBe(23001);
    const outside = await call(t.app, admin, api('/device/migrate'), { imeis: [mine], companyId: other.companyId });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe(21001);
    // the stranger cannot take the demo company's devices into its own company
    const steal = await call(t.app, stranger, api('/device/migrate'), { imeis: [mine], companyId: other.companyId });
    expect(steal.json().code).toBe(23009);
    const [d] = await t.database.rows<Row<'devices', 'company_id'>>(sql`SELECT company_id FROM devices WHERE imei = ${mine}`);
    expect(d.company_id).toBe(demo.id);
  });
});

describe('groups', () => {
  it('keeps a default group, unique names, and refuses to delete the default or a non-empty group', async () => {
    const g = (path: string, body: Record<string, unknown>, lang = 'en') =>
      call(t.app, admin, api(`/device/group/${path}`), body, { lang }).then((r) => r.json());
    const first = await g('list', {});
    const def = first.obj.list.find((x: { isDefault: boolean }) => x.isDefault);
    expect(def.name).toBe('Default group');
    expect((await g('add', { name: '' })).code).toBe(25010);
    expect((await g('add', {})).code).toBe(25010);
    expect((await g('add', { name: 'x'.repeat(21) })).code).toBe(25011);
    const added = await g('add', { name: '北区' });
    expect(added.success).toBe(true);
    expect((await g('add', { name: '北区' })).code).toBe(25003);
    const south = (await g('add', { name: '南区' })).obj.id;
    expect((await g('rename', { id: south, name: '北区' })).code).toBe(25003);
    expect((await g('rename', { id: south, name: '南区二' })).success).toBe(true);
    expect((await g('delete', { id: def.id })).code).toBe(25004);
    const missing = await g('delete', { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.code).toBe(25009);

    const two = imeis('86100', 30).slice(10, 12);
    expect((await g('move', { groupId: added.obj.id, imeis: two })).obj).toEqual({ moved: 2 });
    expect((await g('list', {})).obj.list.find((x: { id: string }) => x.id === added.obj.id).deviceCount).toBe(2);
    expect((await g('delete', { id: added.obj.id })).code).toBe(25002);
    // a device leaves the default group only by moving to another group
    expect((await g('move', { imeis: [imeis('86100', 30)[13]] })).code).toBe(25005);
    expect((await g('move', { groupId: def.id, imeis: two })).obj).toEqual({ moved: 2 });
    expect((await g('delete', { id: added.obj.id })).success).toBe(true);
    // another company's groups and devices are out of reach
    expect((await g('move', { groupId: south, imeis: [imeis('86102', 3)[0]] })).code).toBe(23009);
    const theirs = await call(t.app, stranger, api('/device/group/delete'), { id: south }).then((r) => r.json());
    expect(theirs.code).toBe(25009);
  });
});

describe('usage export', () => {
  const get = (q: string, lang = 'en') => call(t.app, admin, api(`/device/export?${q}`), undefined, { method: 'GET', lang });

  it('checks the range: 4 days in day mode, across months, start after end, 91 days custom (23013)', async () => {
    const cases: [string, string][] = [
      ['mode=day&start=2026-03-01&end=2026-03-04', 'Day mode exports at most 3 days'],
      ['mode=month&start=2026-03-20&end=2026-04-02', 'Month mode cannot cross months'],
      ['mode=custom&start=2026-03-05&end=2026-03-04', 'The start date must not be after the end date'],
      ['mode=custom&start=2026-01-01&end=2026-04-01', 'Custom exports cover at most 90 days'],
      ['mode=day&start=2026-02-30&end=2026-03-01', 'The export date is invalid: use YYYY-MM-DD'],
    ];
    for (const [q, msg] of cases) {
      const res = await get(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ code: 23013, msg });
    }
    expect((await get('mode=week&start=2026-03-01&end=2026-03-01')).json().code).toBe(28002);
    expect((await get('mode=custom&start=2026-01-01&end=2026-03-31')).statusCode).toBe(200);
    expect((await get('mode=day&start=2026-03-01&end=2026-03-03')).statusCode).toBe(200);
    expect((await get('mode=month&start=2026-03-01&end=2026-03-31')).statusCode).toBe(200);
  });

  it('streams usage per device per day in MB with a total, scoped to the subtree', async () => {
    const [a, b] = imeis('86100', 30).slice(3, 5);
    const ids = await t.database.rows<Row<'devices', 'id' | 'imei'>>(sql`SELECT id, imei FROM devices WHERE imei IN (${a}, ${b})`);
    const id = (imei: string) => ids.find((x) => x.imei === imei)!.id;
    await t.database.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES
      (${id(a)}, ${demo.id}, '2026-03-01', ${MB}), (${id(a)}, ${demo.id}, '2026-03-03', ${MB * 2.25}),
      (${id(b)}, ${demo.id}, '2026-03-02', ${MB / 4}), (${id(b)}, ${demo.id}, '2026-03-04', ${MB * 100})`);
    const res = await get('mode=day&start=2026-03-01&end=2026-03-03');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('device-usage_2026-03-01_2026-03-03.xlsx');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['IMEI', 'Device name', '2026-03-01', '2026-03-02', '2026-03-03', 'Total (MB)']);
    expect(rows).toHaveLength(1 + 35);
    const byImei = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byImei.get(a)?.slice(2)).toEqual([1, 0, 2.25, 3.25]);
    expect(byImei.get(b)?.slice(2)).toEqual([0, 0.25, 0, 0.25]);
    expect(byImei.has(imeis('86102', 3)[0])).toBe(false);
    const zh = await readXlsx((await get('mode=day&start=2026-03-01&end=2026-03-01', 'zh-CN')).rawPayload);
    expect(zh[0]).toEqual(['IMEI', '设备名称', '2026-03-01', '合计（MB）']);
  });

  it('lists every device of the subtree exactly once across batch boundaries (a full last batch, one over)', async () => {
    // the company one device over a batch, its sub-company exactly one full batch
    const bulk = (companyId: string, prefix: string, n: number) =>
      t.database.rows(sql`
        INSERT INTO devices (company_id, imei, name, region, status, license_expires_at)
        SELECT ${companyId}, ${prefix} || lpad(g::text, 10, '0'), 'bulk ' || g, 'europe', 'physical_card', now() + interval '200 days'
        FROM generate_series(1, ${n}) AS g`);
    await bulk(demo.id, '86110', EXPORT_BATCH + 1 - 30);
    await bulk(sub.id, '86111', EXPORT_BATCH - 5);
    try {
      const rows = await readXlsx((await get('mode=day&start=2026-03-01&end=2026-03-01')).rawPayload);
      const exported = rows.slice(1).map((r) => String(r[0]));
      const expected = await t.database.rows<Row<'devices', 'imei'>>(sql`SELECT imei FROM devices WHERE company_id IN (${demo.id}, ${sub.id}) ORDER BY imei`);
      expect(exported).toHaveLength(2 * EXPORT_BATCH + 1);
      expect(new Set(exported).size).toBe(exported.length);
      expect([...exported].sort()).toEqual(expected.map((e) => e.imei));
    } finally {
      await t.database.rows(sql`DELETE FROM devices WHERE imei LIKE '8611%'`);
    }
  });
});
