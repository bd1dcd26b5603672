import { randomUUID } from 'node:crypto';
import { DEVICE_LIST_COUNT_CAP, DEVICE_SORTS, DEVICE_STATUSES, type DeviceSort, type TDeviceListRequest, zDeviceListRequest } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { listDevices } from './repository.js';

// The list's per-company index walks against a plain query over the whole subtree, on a small
// generated tree: root A with children A1 and A2, A1's child A1a, and an unrelated company B.

type Company = { id: string; path: string };
type Filters = Partial<Pick<TDeviceListRequest, 'name' | 'imei' | 'status' | 'online' | 'groupId'>>;

let database: Database;
const co: Record<'A' | 'A1' | 'A2' | 'A1a' | 'B' | 'Big', Company> = {} as never;
const groups: Record<string, string[]> = {};
const imeisOf: string[] = [];

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed: next(n) is in [0, n). */
function rng(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

async function addCompany(name: string, parent?: Company): Promise<Company> {
  const id = randomUUID();
  const path = `${parent?.path ?? '/'}${id}/`;
  await database.rows(sql`INSERT INTO companies (id, parent_id, path, name, country) VALUES (${id}, ${parent?.id ?? null}, ${path}, ${name}, 'CN')`);
  return { id, path };
}

const NAMES = ['Truck 1', 'TRUCK', 'mytruck-7', '泵站 3', '泵站_b', 'a_b', '50% off', '100%', 'back\\slash', 'plain', '', 'Ab 12'];
const CREATED = ['2026-01-01T00:00:00.000001Z', '2026-01-01T00:00:00.123456Z', '2026-02-03T10:00:00Z', '2026-03-01T00:00:00.5Z'];
const USAGE = [0, 1_048_576, 5_242_880, 2 ** 33 + 7];

async function addDevices(c: Company, n: number, next: (k: number) => number): Promise<void> {
  const own = groups[c.id];
  const rows: SQL[] = [];
  for (let i = 0; i < n; i++) {
    const imei = `86${String(next(10 ** 9)).padStart(9, '0')}${String(imeisOf.length).padStart(4, '0')}`;
    imeisOf.push(imei);
    const group = next(4) === 0 ? null : own[next(own.length)];
    rows.push(sql`(${c.id}::uuid, ${group}::uuid, ${imei}, ${NAMES[next(NAMES.length)]}, 'europe', ${DEVICE_STATUSES[next(DEVICE_STATUSES.length)]},
      ${next(3) !== 0}, ${USAGE[next(USAGE.length)]}::bigint, ${USAGE[next(USAGE.length)]}::bigint, ${CREATED[next(CREATED.length)]}::timestamptz)`);
  }
  await database.rows(sql`INSERT INTO devices (company_id, group_id, imei, name, region, status, online, usage_yesterday, usage_month, created_at)
    VALUES ${sql.join(rows, sql`, `)}`);
}

async function addGroups(c: Company): Promise<void> {
  groups[c.id] = [];
  for (const name of ['default', 'north', 'south']) {
    const [g] = await database.rows<Row<'device_groups', 'id'>>(
      sql`INSERT INTO device_groups (company_id, name, is_default) VALUES (${c.id}, ${name}, ${name === 'default'}) RETURNING id`,
    );
    groups[c.id].push(g.id);
  }
}

const ORDER: Record<DeviceSort, [string, 'ASC' | 'DESC']> = {
  created_desc: ['created_at', 'DESC'],
  usage_yesterday_desc: ['usage_yesterday', 'DESC'],
  usage_yesterday_asc: ['usage_yesterday', 'ASC'],
  usage_month_desc: ['usage_month', 'DESC'],
  usage_month_asc: ['usage_month', 'ASC'],
};

/** The reference: every matching device of the scope in one plain query; text filters by strpos, not LIKE. */
async function reference(scope: TenantScope, sort: DeviceSort, f: Filters): Promise<string[]> {
  const where: SQL[] = [
    scope.reach === 'subtree'
      ? sql`d.company_id IN (SELECT id FROM companies WHERE starts_with(path, ${scope.companyPath}))`
      : sql`d.company_id = ${scope.companyId}`,
  ];
  if (f.name) where.push(sql`strpos(lower(d.name), lower(${f.name})) > 0`);
  if (f.imei) where.push(sql`strpos(d.imei, ${f.imei}) > 0`);
  if (f.status) where.push(sql`d.status = ${f.status}`);
  if (f.online !== undefined) where.push(sql`d.online = ${f.online}`);
  if (f.groupId) where.push(sql`d.group_id = ${f.groupId}`);
  const [col, dir] = ORDER[sort];
  const rows = await database.rows<Row<'devices', 'id'>>(
    sql`SELECT d.id FROM devices d WHERE ${sql.join(where, sql` AND `)} ORDER BY ${sql.raw(`d.${col} ${dir}, d.id ${dir}`)}`,
  );
  return rows.map((r) => r.id);
}

const list = (scope: TenantScope, body: Record<string, unknown>) => listDevices(database, scope, zDeviceListRequest.parse(body));
const subtree = (c: Company): TenantScope => TenantScope.of({ companyId: c.id, companyPath: c.path }, 'subtree');

/** Every page by cursor and by page number equals the reference, in order; the total too. */
async function expectSameAsReference(scope: TenantScope, sort: DeviceSort, f: Filters) {
  const want = await reference(scope, sort, f);
  const label = JSON.stringify({ sort, ...f });
  const walked: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard <= want.length; guard++) {
    const page = await list(scope, { ...f, sort, pageSize: 7, ...(cursor ? { cursor } : {}) });
    expect(page.total, label).toBe(want.length);
    expect(page.totalCapped, label).toBe(false);
    walked.push(...page.list.map((d) => d.id));
    cursor = page.nextCursor ?? undefined;
    if (!cursor) break;
  }
  expect(walked, label).toEqual(want);
  for (let p = 1; p <= Math.ceil(want.length / 23) + 1; p++) {
    const page = await list(scope, { ...f, sort, pageSize: 23, pageNum: p });
    expect(
      page.list.map((d) => d.id),
      `${label} page ${p}`,
    ).toEqual(want.slice((p - 1) * 23, p * 23));
  }
  return want.length;
}

beforeAll(async () => {
  database = await freshDatabase();
  co.A = await addCompany('A');
  co.A1 = await addCompany('A1', co.A);
  co.A2 = await addCompany('A2', co.A);
  co.A1a = await addCompany('A1a', co.A1);
  co.B = await addCompany('B');
  const next = rng(20261123);
  for (const c of [co.A, co.A1, co.A2, co.A1a, co.B]) await addGroups(c);
  await addDevices(co.A, 45, next);
  await addDevices(co.A1, 40, next);
  await addDevices(co.A2, 3, next);
  await addDevices(co.A1a, 30, next);
  await addDevices(co.B, 40, next);
}, 120_000);
afterAll(() => database?.close());

describe('device list pages', () => {
  const filterSets = (): Filters[] => [
    {},
    { name: 'truck' },
    { name: '%' },
    { name: '_' },
    { name: '\\' },
    { name: '50%' },
    { name: '泵站' },
    { imei: '12' },
    { imei: '0' },
    { imei: imeisOf[50] },
    { imei: imeisOf[50].slice(4, 12) },
    { status: 'esim' },
    { status: 'service_expired' },
    { online: true },
    { online: false },
    { groupId: groups[co.A1.id][1] },
    { groupId: groups[co.A.id][0] },
    { groupId: groups[co.B.id][1] },
    { status: 'physical_card', online: true, name: 'a' },
    { groupId: groups[co.A1a.id][2], online: false, imei: '3' },
  ];

  it('equal a plain query over the subtree, for every sort and filter, by cursor and by page number', async () => {
    let nonEmpty = 0;
    for (const sort of DEVICE_SORTS) for (const f of filterSets()) if ((await expectSameAsReference(subtree(co.A), sort, f)) > 0) nonEmpty++;
    // the generated data makes most combinations non-empty, so the comparison is not vacuous
    expect(nonEmpty).toBeGreaterThanOrEqual(90);
  }, 300_000);

  it('equal it from a sub-company, and for a company-only scope', async () => {
    const own = subtree(co.A1).own();
    for (const sort of DEVICE_SORTS)
      for (const f of [{}, { online: true }, { name: 'truck' }, { groupId: groups[co.A1.id][1] }, { groupId: groups[co.A1a.id][1] }] as Filters[]) {
        await expectSameAsReference(subtree(co.A1), sort, f);
        await expectSameAsReference(own, sort, f);
      }
    expect((await reference(subtree(co.A1), 'created_desc', {})).length).toBe(70);
    expect((await reference(own, 'created_desc', {})).length).toBe(40);
  }, 300_000);

  it('finds an IMEI by any part of it, and takes % _ \\ in a name literally', async () => {
    const imei = imeisOf[10];
    for (const part of [imei, imei.slice(0, 6), imei.slice(5, 11), imei.slice(-4)]) {
      const page = await list(subtree(co.A), { imei: part, pageSize: 100 });
      expect(page.list.map((d) => d.imei)).toContain(imei);
      expect(page.list.every((d) => d.imei.includes(part))).toBe(true);
    }
    const names = async (name: string) => (await list(subtree(co.A), { name, pageSize: 100 })).list.map((d) => d.name);
    expect(new Set(await names('%'))).toEqual(new Set(['50% off', '100%']));
    expect(new Set(await names('_'))).toEqual(new Set(['泵站_b', 'a_b']));
    expect(new Set(await names('\\'))).toEqual(new Set(['back\\slash']));
    expect(await names('a%b')).toEqual([]);
  });
});

describe('device list count', () => {
  it(`counts up to ${DEVICE_LIST_COUNT_CAP} and then says "more"; every counted row is reachable by page number`, async () => {
    co.Big = await addCompany('Big');
    const add = (from: number, to: number) =>
      database.rows(sql`INSERT INTO devices (company_id, imei, name, region, status, created_at)
        SELECT ${co.Big.id}::uuid, '87' || lpad(i::text, 13, '0'), 'bulk ' || i, 'europe', 'esim', timestamptz '2026-01-01' + i * interval '1 second'
        FROM generate_series(${from}::int, ${to}::int) AS i`);
    await add(1, DEVICE_LIST_COUNT_CAP);
    const scope = subtree(co.Big);
    const exact = await list(scope, { pageSize: 20 });
    expect([exact.total, exact.totalCapped]).toEqual([DEVICE_LIST_COUNT_CAP, false]);
    await add(DEVICE_LIST_COUNT_CAP + 1, DEVICE_LIST_COUNT_CAP + 1);
    const more = await list(scope, { pageSize: 20 });
    expect([more.total, more.totalCapped]).toEqual([DEVICE_LIST_COUNT_CAP, true]);
    const filtered = await list(scope, { pageSize: 20, name: 'bulk 1000' });
    expect([filtered.total, filtered.totalCapped]).toEqual([3, false]); // bulk 1000, 10000, 10001
    // the last page a page number reaches, and the one after it
    const want = await reference(scope, 'created_desc', {});
    const last = await list(scope, { pageSize: 20, pageNum: DEVICE_LIST_COUNT_CAP / 20 });
    expect(last.list.map((d) => d.id)).toEqual(want.slice(DEVICE_LIST_COUNT_CAP - 20, DEVICE_LIST_COUNT_CAP));
    await expect(list(scope, { pageSize: 20, pageNum: DEVICE_LIST_COUNT_CAP / 20 + 1 })).rejects.toSatisfy((e) => e instanceof AppError && e.code === 24002);
    // beyond the counted rows the cursor goes on, to the very last device
    const tail = await list(scope, { pageSize: 20, cursor: last.nextCursor });
    expect(tail.list.map((d) => d.id)).toEqual(want.slice(DEVICE_LIST_COUNT_CAP));
    expect(tail.nextCursor).toBeNull();
  }, 120_000);
});
