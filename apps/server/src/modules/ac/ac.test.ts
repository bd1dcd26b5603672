import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../../test/companies.js';
import { companyIdOf, otherCompany, type Part, readXlsx, signedUpload, xlsx } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { Count, Row } from '../../db/row.js';

let t: TestApp;
let db: TestApp['database'];
let admin: Session;
let foreign: Session;
let demo: string;
let otherId: string;

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };
const post = (path: string, b: unknown = {}, s = admin, lang = 'zh-CN') => call(t.app, s, api(path), b, { lang }).then((r) => r.json() as Envelope);

const HEADER = ['AC 码', 'IMEI', 'EID', 'ICCID', '运营商'];
let seq = 0;
const code = (tag = 'T') => `LPA:1$smdp.example.com$${tag}-${++seq}-${randomUUID().slice(0, 8)}`;
const imei = () => `8677${String(Date.now()).slice(-6)}${String(++seq).padStart(5, '0')}`;
const eid = () => `89049032${String(Date.now()).slice(-8)}${String(++seq).padStart(16, '0')}`;

type SheetRow = (string | null)[];
const acFile = (rows: SheetRow[]) => xlsx(rows, HEADER);
const parts = (count: string | null, file: Buffer | null, filename = 'ac.xlsx'): Part[] => [
  ...(count === null ? [] : [{ name: 'count', value: count }]),
  ...(file === null ? [] : [{ name: 'file', value: file, filename }]),
];
const upload = async (p: Part[], lang = 'zh-CN', s = admin) => (await signedUpload(t.app, s, '/api/v1/rrp/ac/import', p, lang)).json() as Envelope;
const importRows = async (rows: SheetRow[], lang = 'zh-CN') => upload(parts(String(rows.length).padStart(6, '0'), await acFile(rows)), lang);

const n = async (q: ReturnType<typeof sql>) => (await db.rows<Count>(q))[0].n;
const acStock = (companyId = demo) => n(sql`SELECT coalesce(sum(delta), 0)::int AS n FROM ac_license_ledger WHERE company_id = ${companyId}`);
const acCount = () => n(sql`SELECT count(*)::int AS n FROM ac_codes`);
/** Sets a company's AC License stock with one ledger row. */
const setAcStock = (count: number, companyId = demo) =>
  db.rows(sql`INSERT INTO ac_license_ledger (company_id, delta, reason)
              SELECT ${companyId}, ${count} - coalesce(sum(delta), 0)::int, 'grant' FROM ac_license_ledger WHERE company_id = ${companyId}`);

async function device(companyId = demo, withEid: string | null = null): Promise<{ id: string; imei: string }> {
  const i = imei();
  const [d] = await db.rows<Row<'devices', 'id'>>(
    sql`INSERT INTO devices (company_id, imei, eid, name, region, status) VALUES (${companyId}, ${i}, ${withEid}, 'AC 设备', 'china_mainland', 'physical_card') RETURNING id`,
  );
  return { id: d.id, imei: i };
}

/** An idle AC of the demo company, imported through the API. */
async function idleAc(): Promise<string> {
  await setAcStock((await acStock()) + 1);
  const c = code('IDLE');
  const r = await importRows([[c, imei(), null, null, null]]);
  expect(r.obj).toMatchObject({ imported: 1 });
  return c;
}
const statusOf = async (c: string) =>
  (await db.rows<Row<'ac_codes', 'status'>>(sql`SELECT status FROM ac_codes WHERE ac_code = ${c} ORDER BY updated_at DESC LIMIT 1`))[0]?.status;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  admin = await login(t.app, DEMO.admin);
  demo = (await companyIdOf(db, DEMO.admin)).id;
  const o = await otherCompany(db);
  otherId = o.companyId;
  foreign = await login(t.app, o.email);
});
afterAll(() => t.close());

describe('AC import: the request', () => {
  it('refuses a count that is not six digits, naming the count field (28002)', async () => {
    await setAcStock(10);
    const file = await acFile([[code(), imei(), null, null, null]]);
    for (const count of ['12345', '1234567', 'abcdef', null]) {
      const r = await upload(parts(count, file), 'en');
      expect(r.code, String(count)).toBe(28002);
      expect(r.msg).toContain('count');
    }
    expect((await upload(parts('12345', file))).msg).toContain('导入数量');
    expect(await acCount()).toBe(0);
  });

  it('requires a file (23004) that is a real xlsx: a PNG renamed .xlsx and a csv are refused (23005)', async () => {
    expect((await upload(parts('000001', null))).code).toBe(23004);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await upload(parts('000001', png, 'photo.xlsx'))).code).toBe(23005);
    expect((await upload(parts('000001', Buffer.from('AC,IMEI\n'), 'ac.csv'))).code).toBe(23005);
    expect((await upload(parts('000001', await acFile([])))).code).toBe(27004);
    expect(await acCount()).toBe(0);
  });

  it('refuses a declared count that does not match the rows (34004) and changes nothing', async () => {
    await setAcStock(10);
    const before = await acStock();
    const r = await upload(parts('000003', await acFile([[code(), imei(), null, null, null]])), 'en');
    expect(r.code).toBe(34004);
    expect(r.msg).toContain('The declared count 3 does not match the 1 rows of the file');
    expect(await acCount()).toBe(0);
    expect(await acStock()).toBe(before);
    expect(await auditOf(db, 'ac.import')).toHaveLength(0);
  });

  it('refuses the whole import when the stock is short by one (34003 naming the stock), importing nothing', async () => {
    await setAcStock(2);
    const r = await importRows(
      [
        [code(), imei(), null, null, null],
        [code(), imei(), null, null, null],
        [code(), imei(), null, null, null],
      ],
      'en',
    );
    expect(r.code).toBe(34003);
    expect(r.msg).toBe('AC Licenses insufficient: 2 available');
    expect(await acCount()).toBe(0);
    expect(await acStock()).toBe(2);
  });
});

describe('AC import: the rows', () => {
  it('imports the valid rows, each taking one AC License, and refuses the others row by row', async () => {
    await setAcStock(10);
    const taken = code('TAKEN');
    expect((await importRows([[taken, imei(), null, null, null]])).obj).toMatchObject({ imported: 1 });
    const dup = code('DUP');
    const [a, b, c] = [code('A'), code('B'), code('C')];
    const e = eid();
    const rows: SheetRow[] = [
      [a, imei(), null, '89860012345678901234', '中国移动'],
      [b, null, e, null, 'China Unicom'],
      [c, imei(), null, null, '46011'],
      ['LPA:1$not a host$x', imei(), null, null, null],
      [code(), imei(), eid(), null, null],
      [code(), null, null, '89860012345678901234', null],
      [code(), '12345', null, null, null],
      [code(), null, '123', null, null],
      [code(), imei(), null, '1234', null],
      [code(), imei(), null, null, 'Vodafone'],
      [dup, imei(), null, null, null],
      [dup, imei(), null, null, null],
      [taken, imei(), null, null, null],
    ];
    const before = await acStock();
    const r = await importRows(rows);
    expect(r.success).toBe(true);
    expect(r.obj).toMatchObject({ declared: 13, rows: 13, imported: 4, acLicenses: before - 4 });
    expect((r.obj.failures as { row: number; reason: string }[]).map((f) => [f.row, f.reason])).toEqual([
      [5, 'bad_ac_code'],
      [6, 'imei_and_eid'],
      [7, 'no_imei_or_eid'],
      [8, 'bad_imei'],
      [9, 'bad_eid'],
      [10, 'bad_iccid'],
      [11, 'bad_operator'],
      [13, 'duplicate_in_file'],
      [14, 'exists'],
    ]);
    expect(await acStock()).toBe(before - 4);
    const [ledger] = await db.rows<Row<'ac_license_ledger', 'delta' | 'reason' | 'ref'>>(
      sql`SELECT delta, reason, ref FROM ac_license_ledger WHERE company_id = ${demo} ORDER BY id DESC LIMIT 1`,
    );
    expect(ledger).toMatchObject({ delta: -4, reason: 'ac_import' });
    const records = await db.rows<Row<'ac_codes', 'ac_code' | 'status' | 'operator_code' | 'eid' | 'import_id'>>(
      sql`SELECT ac_code, status, operator_code, eid, import_id FROM ac_codes WHERE ac_code IN (${a}, ${b}, ${c}) ORDER BY ac_code`,
    );
    expect(records.map((x) => [x.ac_code, x.status, x.operator_code])).toEqual([
      [a, 'IDLE', '46000'],
      [b, 'IDLE', '46001'],
      [c, 'IDLE', '46011'],
    ]);
    expect(records[1].eid).toBe(e);
    expect(records[0].import_id).toBe(ledger.ref);
    const audit = (await auditOf(db, 'ac.import')).find((x) => x.target_id === ledger.ref);
    expect(audit?.changes).toEqual({ count: [null, 13], imported: [null, 4], failures: [null, 9] });
  });

  it('counts the AC Licenses of the company: available, used by imports, granted in all', async () => {
    await setAcStock(3, otherId);
    const r = await upload(
      parts(
        '000002',
        await acFile([
          [code(), imei(), null, null, null],
          [code(), null, eid(), null, null],
        ]),
      ),
      'zh-CN',
      foreign,
    );
    expect(r.obj).toMatchObject({ imported: 2, acLicenses: 1 });
    expect((await post('/ac/license/count', {}, foreign)).obj).toEqual({ available: 1, used: 2, total: 3 });
  });

  it('answers a template with the header in the caller’s language and an example row that imports', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/ac/import/template'), headers: { 'accept-language': 'en' } });
    expect(res.statusCode).not.toBe(200); // signed in only
    const en = await call(t.app, admin, api('/ac/import/template'), undefined, { method: 'GET', lang: 'en' });
    expect(en.statusCode).toBe(200);
    const sheet = await readXlsx(en.rawPayload);
    expect(sheet[0]).toEqual(['AC code', 'IMEI (or EID, not both)', 'EID (or IMEI, not both)', 'ICCID (optional)', expect.stringContaining('Operator')]);
    expect(sheet).toHaveLength(2);
    const zh = await readXlsx((await call(t.app, admin, api('/ac/import/template'), undefined, { method: 'GET', lang: 'zh-CN' })).rawPayload);
    expect(zh[0][0]).toBe('AC 码');
    expect(zh[1][4]).toBe('中国移动');
    await setAcStock((await acStock()) + 1);
    const r = await upload(parts('000001', en.rawPayload));
    expect(r.obj).toMatchObject({ imported: 1, failures: [] });
    expect((await post('/ac/delete', { acCode: sheet[1][0] })).success).toBe(true);
  });
});

describe('AC list', () => {
  it('lists the company’s ACs newest first, filtered, deleted ones only on request', async () => {
    await setAcStock(10);
    const tag = `L${randomUUID().slice(0, 6)}`;
    const [x, y, z] = [code(tag), code(tag), code(tag)];
    await importRows([[x, imei(), null, null, '中国移动']]);
    await importRows([[y, null, eid(), null, 'China Telecom']]);
    await importRows([[z, imei(), null, null, null]]);
    expect((await post('/ac/delete', { acCode: z })).success).toBe(true);
    const list = await post('/ac/list', { keyword: tag });
    expect(list.obj.total).toBe(2);
    expect(list.obj.list?.map((r) => r.acCode)).toEqual([y, x]);
    expect((await post('/ac/list', { keyword: tag, operatorCode: '46011' })).obj.list?.map((r) => r.acCode)).toEqual([y]);
    expect((await post('/ac/list', { keyword: tag, status: 'DELETED' })).obj.list?.map((r) => r.acCode)).toEqual([z]);
    expect((await post('/ac/list', { keyword: tag, pageSize: 1, pageNum: 2 })).obj.list?.map((r) => r.acCode)).toEqual([x]);
    // another company sees none of them
    expect((await post('/ac/list', { keyword: tag }, foreign)).obj.total).toBe(0);
  });
});

describe('binding', () => {
  it('binds by IMEI, refuses to bind it again until unbound (34002), unbinds, deletes', async () => {
    const c = await idleAc();
    const d = await device();
    const bound = await post('/ac/bind', { acCode: c, imei: d.imei });
    expect(bound.obj).toMatchObject({ acCode: c, status: 'ASSIGNED', boundImei: d.imei });
    expect(bound.obj.boundAt).toBeTruthy();

    const again = await post('/ac/bind', { acCode: c, imei: (await device()).imei }, admin, 'en');
    expect(again.code).toBe(34002);
    expect(again.msg).toContain('unbind it first');
    const del = await post('/ac/delete', { acCode: c }, admin, 'en');
    expect(del.code).toBe(34002);
    expect(del.msg).toContain('unbind it first');

    const unbound = await post('/ac/unbind', { acCode: c });
    expect(unbound.obj).toMatchObject({ status: 'IDLE', boundImei: null, boundAt: null });
    expect((await post('/ac/unbind', { acCode: c })).code).toBe(34002);
    const deleted = await post('/ac/delete', { acCode: c });
    expect(deleted.obj).toMatchObject({ status: 'DELETED' });
    expect((await post('/ac/bind', { acCode: c, imei: d.imei })).code).toBe(34002);

    const audits = (action: string) => auditOf(db, action).then((a) => a.filter((x) => x.target_label === c).map((x) => x.changes));
    expect(await audits('ac.bind')).toEqual([{ status: ['IDLE', 'ASSIGNED'], device: [null, d.imei] }]);
    expect(await audits('ac.unbind')).toEqual([{ status: ['ASSIGNED', 'IDLE'], device: [d.imei, null] }]);
    expect(await audits('ac.delete')).toEqual([{ status: ['IDLE', 'DELETED'] }]);

    // a deleted code may be imported again
    await setAcStock((await acStock()) + 1);
    expect((await importRows([[c, imei(), null, null, null]])).obj).toMatchObject({ imported: 1 });
  });

  it('binds by EID to the company’s device carrying it', async () => {
    const c = await idleAc();
    const e = eid();
    const d = await device(demo, e);
    const r = await post('/ac/bind', { acCode: c, eid: e });
    expect(r.obj).toMatchObject({ status: 'ASSIGNED', boundImei: d.imei });
    expect((await post('/ac/bind', { acCode: await idleAc(), eid: eid() })).code).toBe(23003);
  });

  it('finds neither another company’s device (23003) nor another company’s AC (34001)', async () => {
    const c = await idleAc();
    const theirs = await device(otherId);
    const r = await post('/ac/bind', { acCode: c, imei: theirs.imei });
    expect(r.code).toBe(23003);
    expect(await statusOf(c)).toBe('IDLE');
    expect((await post('/ac/bind', { acCode: c, imei: theirs.imei }, foreign)).code).toBe(34001);
    expect((await post('/ac/unbind', { acCode: c }, foreign)).code).toBe(34001);
    expect((await post('/ac/delete', { acCode: c }, foreign)).code).toBe(34001);
    expect((await post('/ac/bind', { acCode: code('NONE'), imei: (await device()).imei })).code).toBe(34001);
  });

  it('refuses a request with both an IMEI and an EID, or neither (28002)', async () => {
    const c = await idleAc();
    expect((await post('/ac/bind', { acCode: c, imei: (await device()).imei, eid: eid() })).code).toBe(28002);
    expect((await post('/ac/bind', { acCode: c })).code).toBe(28002);
  });

  it('lets exactly one of 20 concurrent binds of one AC win', async () => {
    const c = await idleAc();
    const targets = await Promise.all(Array.from({ length: 20 }, () => device()));
    const answers = await Promise.all(targets.map((d) => post('/ac/bind', { acCode: c, imei: d.imei })));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 34002)).toHaveLength(19);
    const winner = answers.find((a) => a.success)?.obj.boundImei;
    const [row] = await db.rows<Row<'ac_codes', 'status'> & Row<'devices', 'imei'>>(
      sql`SELECT a.status, d.imei FROM ac_codes a JOIN devices d ON d.id = a.device_id WHERE a.ac_code = ${c}`,
    );
    expect(row).toEqual({ status: 'ASSIGNED', imei: winner });
    expect((await auditOf(db, 'ac.bind')).filter((x) => x.target_label === c)).toHaveLength(1);
    const downloads = await db.rows<Count>(sql`SELECT count(*)::int AS n FROM device_operations WHERE action = 'esim_download' AND detail->>'acCode' = ${c}`);
    expect(downloads[0].n).toBe(1);
  });

  it('orders the profile on binding: a pending esim_download of the device, sent to the network', async () => {
    const c = await idleAc();
    const d = await device();
    await post('/ac/bind', { acCode: c, imei: d.imei });
    const [op] = await db.rows<Row<'device_operations', 'id' | 'status' | 'detail'>>(
      sql`SELECT id::text, status, detail FROM device_operations WHERE device_id = ${d.id} AND action = 'esim_download'`,
    );
    expect(op).toMatchObject({ status: 'pending', detail: { acCode: c } });
    const jobs = await db.rows(sql`SELECT 1 FROM jobs WHERE unique_key = ${`network.command:${op.id}`}`);
    expect(jobs).toHaveLength(1);
  });

  it('unbinds an AC whatever became of its order; deletes an idle one or one whose order failed, never one on the eUICC', async () => {
    const setStatus = (c: string, status: string) => db.rows(sql`UPDATE ac_codes SET status = ${status} WHERE ac_code = ${c}`);
    for (const status of ['ORDER_EXISTED', 'ORDER_INVALID']) {
      const c = await idleAc();
      await post('/ac/bind', { acCode: c, imei: (await device()).imei });
      await setStatus(c, status);
      expect((await post('/ac/unbind', { acCode: c })).obj, status).toMatchObject({ status: 'IDLE', boundImei: null });
      expect((await auditOf(db, 'ac.unbind')).filter((x) => x.target_label === c).map((x) => x.changes.status)).toEqual([[status, 'IDLE']]);
    }
    const existed = await idleAc();
    await post('/ac/bind', { acCode: existed, imei: (await device()).imei });
    await setStatus(existed, 'ORDER_EXISTED');
    expect((await post('/ac/delete', { acCode: existed }, admin, 'en')).msg).toContain('an order exists for it');
    const invalid = await idleAc();
    await post('/ac/bind', { acCode: invalid, imei: (await device()).imei });
    await setStatus(invalid, 'ORDER_INVALID');
    expect((await post('/ac/delete', { acCode: invalid })).obj).toMatchObject({ status: 'DELETED', boundImei: null });
  });
});
