import { deflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyIdOf, imeis, importFile, otherCompany, readXlsx, setStock, stock, upload, wideWorkbook, xlsx } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, TEST_DB, type TestApp } from '../../../test/helper.js';
import type { As, Count, Row } from '../../db/row.js';
import { TenantScope } from '../../db/scope.js';
import { isSaneZip } from '../../lib/xlsx/guard.js';
import { checkRows, runImport } from './import.js';

let t: TestApp;
let admin: Session;
let demo: { id: string; path: string };
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;
const devicesOf = (companyId: string) => count(sql`SELECT count(*)::int AS n FROM devices WHERE company_id = ${companyId}`);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  demo = await companyIdOf(t.database, DEMO.admin);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.rows(sql`DELETE FROM devices`);
  await setStock(t.database, demo.id, 50);
});

describe('device import: the file', () => {
  it('requires the region (23007) and a file (23004)', async () => {
    const file = await xlsx([['860000000000001', 'a']]);
    const noRegion = await upload(t.app, admin, importFile(null, file), 'en');
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json()).toMatchObject({ code: 23007, msg: 'The region is required' });
    expect((await upload(t.app, admin, importFile('europe', null))).json().code).toBe(23004);
    expect((await upload(t.app, admin, importFile('mars', file))).json().code).toBe(28002);
  });

  it('refuses anything but a real xlsx: a csv, a PNG renamed .xlsx, a broken zip (23005)', async () => {
    expect((await upload(t.app, admin, importFile('europe', Buffer.from('IMEI\n860000000000001\n'), 'devices.csv'))).json().code).toBe(23005);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const res = await upload(t.app, admin, importFile('europe', png, 'photo.xlsx'));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(23005);
    const zip = await new JSZip().file('hello.txt', 'not a workbook').generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect((await upload(t.app, admin, importFile('europe', zip, 'fake.xlsx'))).json().code).toBe(23005);
    expect(await devicesOf(demo.id)).toBe(0);
  });

  it('refuses a zip bomb: a small file that inflates far beyond the limit (23005)', async () => {
    const good = await xlsx([['860000000000001', 'a']]);
    const zip = await JSZip.loadAsync(good);
    zip.file('xl/media/padding.bin', Buffer.alloc(40 * 1024 * 1024, 0));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(isSaneZip(bomb)).toBe(false);
    expect(isSaneZip(good)).toBe(true);
    expect((await upload(t.app, admin, importFile('europe', bomb, 'bomb.xlsx'))).json().code).toBe(23005);
  });

  it('catches an entry whose header lies about its inflated size', () => {
    const data = deflateRawSync(Buffer.alloc(40 * 1024 * 1024, 0));
    const name = Buffer.from('a.bin');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(10, 22); // claims 10 bytes
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(10, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const cdOffset = local.length + name.length + data.length;
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(1, 8);
    eocd.writeUInt16LE(1, 10);
    eocd.writeUInt32LE(central.length + name.length, 12);
    eocd.writeUInt32LE(cdOffset, 16);
    expect(isSaneZip(Buffer.concat([local, name, data, central, name, eocd]))).toBe(false);
  });

  it('refuses a file over the cell limit (23016), in the caller’s language, and imports nothing', async () => {
    const res = await upload(t.app, admin, importFile('europe', await wideWorkbook(2_500, 100)), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 23016, msg: 'The file holds too much to read: keep only the IMEI and name columns' });
    expect(await devicesOf(demo.id)).toBe(0);
  });

  it('refuses more than 10,000 rows (23006) and imports nothing', async () => {
    const file = await xlsx(imeis('86001', 10_001).map((i) => [i, '']));
    const res = await upload(t.app, admin, importFile('europe', file), 'en');
    expect(res.json()).toMatchObject({ code: 23006 });
    expect(await devicesOf(demo.id)).toBe(0);
  });

  it('refuses an upload over the size limit (413)', async () => {
    const res = await upload(t.app, admin, importFile('europe', Buffer.alloc(6 * 1024 * 1024, 1)));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(29011);
  });

  it('is signed over its raw multipart bytes: a signature over anything else is refused and nothing is written', async () => {
    const file = await xlsx([['860000000000099', 'a']]);
    const { multipartBody } = await import('../../../test/devices.js');
    const { signedHeaders } = await import('@rrp/contracts');
    const { body, contentType } = multipartBody(importFile('europe', file));
    const url = api('/device/import');
    const sign = (signed: string | Buffer) =>
      signedHeaders({
        secretKey: admin.secretKey,
        token: admin.token,
        method: 'POST',
        url,
        body: signed,
        timestamp: Date.now(),
        requestId: crypto.randomUUID(),
      });
    const tasksBefore = await t.database.rows(sql`SELECT count(*)::int AS n FROM import_tasks`);
    // the empty-body hash, and the bytes of another upload
    for (const signed of ['', Buffer.concat([body, Buffer.from('x')])]) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...(await sign(signed)), 'content-type': contentType }, payload: body });
      expect(res.json().code).toBe(28003);
    }
    expect(await t.database.rows(sql`SELECT count(*)::int AS n FROM import_tasks`)).toEqual(tasksBefore);
    const ok = await t.app.inject({ method: 'POST', url, headers: { ...(await sign(body)), 'content-type': contentType }, payload: body });
    expect(ok.json()).toMatchObject({ success: true, obj: { succeeded: 1 } });
  });
});

describe('device import: the rows', () => {
  it('imports valid rows with one License each and reports every refused row with its reason', async () => {
    const other = await otherCompany(t.database, 'rows@other.rrp.local');
    const foreign = '869999000000001';
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, region) VALUES (${other.companyId}, ${foreign}, 'europe')`);
    const [good1, good2, dup] = imeis('86002', 3);
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, region) VALUES (${demo.id}, ${dup}, 'europe')`);
    const file = await xlsx([
      [good1, '设备一'],
      ['86000000000001', 'fourteen digits'],
      ['86000000000000a', 'letters'],
      [good2, ''],
      [good1, 'again'],
      [dup, 'already here'],
      [foreign, 'someone else'],
      ['860020000000099', 'x'.repeat(31)],
    ]);
    const res = await upload(t.app, admin, importFile('hong_kong', file, '批次一.xlsx'), 'en');
    expect(res.statusCode).toBe(200);
    const task = res.json().obj;
    expect(task).toMatchObject({ taskName: '批次一.xlsx', region: 'hong_kong', status: 'done', total: 8, processed: 8, succeeded: 2, failed: 6 });
    expect(task.actor).toBe('演示管理员');
    expect(await stock(t.database, demo.id)).toBe(48);
    const rows = await t.database.rows<
      Row<'devices', 'imei' | 'status' | 'name'> & As<'device_groups', { group_default: 'is_default' }> & { expires_in: number }
    >(sql`
      SELECT d.imei, d.status, d.name, g.is_default AS group_default,
             round(extract(epoch FROM d.license_expires_at - now()) / 86400)::int AS expires_in
      FROM devices d JOIN device_groups g ON g.id = d.group_id WHERE d.import_task_id = ${task.id} ORDER BY d.imei`);
    expect(rows.map((r) => r.imei)).toEqual([good1, good2]);
    expect(rows[0]).toMatchObject({ status: 'physical_card', name: '设备一', group_default: true });
    expect(rows[0].expires_in).toBeGreaterThanOrEqual(365);
    expect(await count(sql`SELECT count(*)::int AS n FROM device_operations WHERE action = 'import'`)).toBe(2);
    // their provisioning was queued with them, in the same transaction
    const ids = (await t.database.rows<Row<'devices', 'id'>>(sql`SELECT id FROM devices WHERE import_task_id = ${task.id} ORDER BY id`)).map((r) => r.id);
    const queued = await t.database.rows<Count>(
      sql`SELECT count(*)::int AS n FROM jobs, jsonb_array_elements_text(payload->'deviceIds') AS d(id)
          WHERE name = 'network.attach' AND d.id = ANY(${`{${ids.join(',')}}`}::text[])`,
    );
    expect(queued[0].n).toBe(2);
    expect(await count(sql`SELECT count(*)::int AS n FROM data_pool_ledger WHERE company_id = ${demo.id} AND reason = 'license' AND delta_mb = 200`)).toBe(1);

    // the refused rows, downloadable in the caller's language
    const dl = await call(t.app, admin, api(`/device/import/failures/${task.id}`), undefined, { method: 'GET', lang: 'en' });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readXlsx(dl.rawPayload);
    expect(sheet[0]).toEqual(['Row', 'IMEI', 'Device name', 'Reason']);
    const reasons = Object.fromEntries(sheet.slice(1).map((r) => [r[0], r[3]]));
    expect(reasons).toEqual({
      3: 'Wrong IMEI: it must be 15 digits',
      4: 'Wrong IMEI: it must be 15 digits',
      6: 'Duplicate IMEI in the file',
      7: 'Already imported into this account',
      8: 'The device belongs to another account',
      9: 'The device name is longer than 30 characters',
    });
    expect(JSON.stringify(sheet)).not.toContain('其他公司');
    const zh = await readXlsx((await call(t.app, admin, api(`/device/import/failures/${task.id}`), undefined, { method: 'GET' })).rawPayload);
    expect(zh[0][3]).toBe('失败原因');

    // the log and the task
    const log = (await call(t.app, admin, api('/device/import/log/list'), { pageNum: 1, pageSize: 10 })).json().obj;
    expect(log.list[0]).toMatchObject({ id: task.id, succeeded: 2, failed: 6 });
    expect((await call(t.app, admin, api('/device/import/task'), { id: task.id })).json().obj).toMatchObject({ id: task.id, status: 'done' });
    const stranger = await login(t.app, other.email);
    expect((await call(t.app, stranger, api('/device/import/task'), { id: task.id })).statusCode).toBe(404);
    expect((await call(t.app, stranger, api(`/device/import/failures/${task.id}`), undefined, { method: 'GET' })).statusCode).toBe(404);
  });

  it('refuses the whole import when the valid rows exceed the stock minus the reserve (23010), saying how many fit', async () => {
    await setStock(t.database, demo.id, 5);
    // two auto-renew devices expiring later this month hold two Licenses back (when the month has days left)
    const [r1, r2] = imeis('86003', 2, 900);
    const endOfMonth = sql`(date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' - interval '1 second'`;
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, region, status, auto_renew, license_expires_at)
      VALUES (${demo.id}, ${r1}, 'europe', 'physical_card', true, greatest(${endOfMonth}, now() + interval '1 second')),
             (${demo.id}, ${r2}, 'europe', 'physical_card', true, greatest(${endOfMonth}, now() + interval '1 second'))`);
    const counted = (await call(t.app, admin, api('/license/query/count'))).json().obj;
    expect(counted).toMatchObject({ stock: 5, reserved: 2, importable: 3 });
    const file = await xlsx(imeis('86003', 4).map((i) => [i, '']));
    const res = await upload(t.app, admin, importFile('europe', file), 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 23010 });
    expect(res.json().msg).toContain('at most 3 devices');
    expect(await devicesOf(demo.id)).toBe(2);
    expect(await stock(t.database, demo.id)).toBe(5);
    const [task] = await t.database.rows<Row<'import_tasks', 'status'>>(sql`SELECT status FROM import_tasks ORDER BY created_at DESC LIMIT 1`);
    expect(task.status).toBe('failed');
    const fits = await upload(t.app, admin, importFile('europe', await xlsx(imeis('86003', 3).map((i) => [i, '']))), 'en');
    expect(fits.json().obj).toMatchObject({ succeeded: 3 });
    expect(await stock(t.database, demo.id)).toBe(2);
  });

  it('leaves nothing behind when the import fails part way (all or nothing)', async () => {
    await setStock(t.database, demo.id, 2000);
    const list = imeis('86004', 1200);
    const poison = list[1100];
    await t.database.rows(
      sql.raw(`CREATE OR REPLACE FUNCTION test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.imei = '${poison}' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`),
    );
    await t.database.rows(sql.raw('CREATE TRIGGER test_poison BEFORE INSERT ON devices FOR EACH ROW EXECUTE FUNCTION test_poison()'));
    try {
      const ledgerBefore = await count(sql`SELECT count(*)::int AS n FROM license_ledger`);
      const res = await upload(t.app, admin, importFile('europe', await xlsx(list.map((i) => [i, 'n'])), 'big.xlsx'));
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('injected');
      expect(await devicesOf(demo.id)).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM license_ledger`)).toBe(ledgerBefore);
      expect(await count(sql`SELECT count(*)::int AS n FROM device_operations`)).toBe(0);
      expect(await stock(t.database, demo.id)).toBe(2000);
      const [task] = await t.database.rows<Row<'import_tasks', 'status' | 'succeeded'>>(
        sql`SELECT status, succeeded FROM import_tasks WHERE task_name = 'big.xlsx'`,
      );
      expect(task).toMatchObject({ status: 'failed', succeeded: 0 });
    } finally {
      await t.database.rows(sql.raw('DROP TRIGGER test_poison ON devices'));
    }
    // without the fault the same file goes in whole, in several chunks
    const res = await upload(t.app, admin, importFile('europe', await xlsx(list.map((i) => [i, 'n'])), 'big.xlsx'));
    expect(res.json().obj).toMatchObject({ succeeded: 1200, processed: 1200, status: 'done' });
    expect(await stock(t.database, demo.id)).toBe(800);
  });

  it('commits the devices, the task’s result and their provisioning together: a failure queueing it imports nothing', async () => {
    await setStock(t.database, demo.id, 10);
    const list = imeis('86008', 3);
    await t.database.rows(
      sql.raw(`CREATE OR REPLACE FUNCTION test_no_attach() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.name = 'network.attach' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`),
    );
    await t.database.rows(sql.raw('CREATE TRIGGER test_no_attach BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION test_no_attach()'));
    try {
      const res = await upload(t.app, admin, importFile('europe', await xlsx(list.map((i) => [i, 'n'])), 'attach.xlsx'));
      expect(res.statusCode).toBe(500);
      expect(await devicesOf(demo.id)).toBe(0);
      expect(await stock(t.database, demo.id)).toBe(10);
      const [task] = await t.database.rows<Row<'import_tasks', 'status'>>(sql`SELECT status FROM import_tasks WHERE task_name = 'attach.xlsx'`);
      expect(task.status).toBe('failed');
    } finally {
      await t.database.rows(sql.raw('DROP TRIGGER test_no_attach ON jobs'));
    }
  });

  it('refuses the whole file when an IMEI is taken between the check and the insert (23015)', async () => {
    const list = imeis('86007', 3);
    const checked = await checkRows(
      t.database,
      demo.id,
      list.map((imei, i) => ({ row: i + 2, imei, name: '' })),
    );
    expect(checked.valid).toHaveLength(3);
    // another import commits list[2] meanwhile
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, region) VALUES (${demo.id}, ${list[2]}, 'europe')`);
    const [user] = await t.database.rows<Row<'users', 'id'>>(sql`SELECT id FROM users WHERE email = ${DEMO.admin}`);
    const scope = TenantScope.of({ companyId: demo.id, companyPath: demo.path }, 'company');
    const file = { name: 'race.xlsx', region: 'europe', rows: checked.valid };
    const actor = { kind: 'member' as const, id: user.id, name: 'race', companyId: demo.id, address: null, requestId: null };
    const task = runImport(t.database, t.provider, { userId: user.id }, actor, scope, file, async () => checked);
    await expect(task).rejects.toMatchObject({ code: 23015 });
    expect(await devicesOf(demo.id)).toBe(1);
    expect(await stock(t.database, demo.id)).toBe(50);
    // the refused import left no audit event (it is written in the import's transaction)
    const [events] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM audit_events WHERE target_label = 'race.xlsx'`);
    expect(events.n).toBe(0);
  });

  it('imports for a sub-company from the parent’s stock', async () => {
    const sub = await login(t.app, DEMO.subAdmin);
    const subCo = await companyIdOf(t.database, DEMO.subAdmin);
    const res = await upload(t.app, sub, importFile('europe', await xlsx(imeis('86005', 2).map((i) => [i, '']))));
    expect(res.json().obj).toMatchObject({ succeeded: 2 });
    expect(await devicesOf(subCo.id)).toBe(2);
    expect(await stock(t.database, demo.id)).toBe(48);
    expect(await stock(t.database, subCo.id)).toBe(0);
    // the parent sees the sub-company's devices; the sub-company does not see the parent's
    expect((await call(t.app, admin, api('/device/list'), {})).json().obj.total).toBe(2);
  });
});

describe.runIf(TEST_DB === 'postgres')('device import: progress on PostgreSQL', () => {
  it('commits the task’s progress chunk by chunk while the import transaction is still open', async () => {
    await setStock(t.database, demo.id, 3000);
    const file = await xlsx(imeis('86006', 2500).map((i) => [i, '']));
    const seen = new Set<number>();
    let done = false;
    const poll = (async () => {
      while (!done) {
        const [r] = await t.database.rows<Row<'import_tasks', 'processed' | 'status'>>(
          sql`SELECT processed, status FROM import_tasks WHERE task_name = 'progress.xlsx'`,
        );
        if (r && r.status === 'running') seen.add(r.processed);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const res = await upload(t.app, admin, importFile('europe', file, 'progress.xlsx'));
    done = true;
    await poll;
    expect(res.json().obj).toMatchObject({ succeeded: 2500, processed: 2500, status: 'done' });
    expect([...seen].some((n) => n > 0 && n < 2500)).toBe(true);
  });
});

describe('device import: template', () => {
  it('serves the template in the caller’s language with a header and an example row', async () => {
    for (const [lang, header, file] of [
      ['en', 'IMEI', 'device-import-template.xlsx'],
      ['zh-CN', 'IMEI', '设备导入模板.xlsx'],
    ] as const) {
      const res = await call(t.app, admin, api('/device/import/template'), undefined, { method: 'GET', lang });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(file));
      const rows = await readXlsx(res.rawPayload);
      expect(rows[0][0]).toBe(header);
      expect(String(rows[0][1])).toContain(lang === 'en' ? 'Device name' : '设备名称');
      expect(String(rows[1][0])).toMatch(/^\d{15}$/);
    }
  });
});
