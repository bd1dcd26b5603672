import { randomUUID } from 'node:crypto';
import { ALARM_LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../../test/companies.js';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, mailHarness, type Session, type TestApp } from '../../../test/helper.js';
import type { Count, Row } from '../../db/row.js';
import { allJobs } from '../../jobs/registry.js';
import { ALARM_EVALUATE_JOB, evaluateAlarms } from './evaluate.js';

const MIB = 1_048_576;
let t: TestApp;
let db: TestApp['database'];
let admin: Session;
let sub: Session;
let foreign: Session;
let demo: { id: string; name: string };
let other: { id: string };
let mail: Awaited<ReturnType<typeof mailHarness>>;

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };
const body = (r: { json(): unknown }) => r.json() as Envelope;
const post = (path: string, b: unknown = {}, s = admin, lang = 'zh-CN') => call(t.app, s, api(path), b, { lang }).then(body);
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function group(companyId: string, name: string): Promise<string> {
  const [g] = await db.rows<Row<'device_groups', 'id'>>(sql`INSERT INTO device_groups (company_id, name) VALUES (${companyId}, ${name}) RETURNING id`);
  return g.id;
}
let imeiSeq = 0;
async function device(companyId: string, groupId: string | null): Promise<{ id: string; imei: string }> {
  const imei = `8677${String(Date.now()).slice(-6)}${String(++imeiSeq).padStart(5, '0')}`;
  const [d] = await db.rows<Row<'devices', 'id'>>(
    sql`INSERT INTO devices (company_id, group_id, imei, name, region, status) VALUES (${companyId}, ${groupId}, ${imei}, ${`告警设备${imeiSeq}`}, 'CN', 'physical_card') RETURNING id`,
  );
  return { id: d.id, imei };
}
async function usage(d: { id: string }, companyId: string, day: string, mb: number): Promise<void> {
  await db.rows(
    sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES (${d.id}, ${companyId}, ${day}::date, ${Math.round(mb * MIB)})
        ON CONFLICT (device_id, day) DO UPDATE SET bytes = excluded.bytes`,
  );
}
const setting = (groupId: string, over: Record<string, unknown> = {}) => ({
  name: '流量告警',
  scope: 'group',
  groupId,
  period: 'day',
  status: 'on',
  emails: 'ops-a@example.com,admin@demo.rrp.local',
  threshold: 100,
  urgentThreshold: 200,
  ...over,
});
const alarmsOf = (settingId: string) =>
  db.rows<Row<'alarms', 'id' | 'level' | 'ended_at' | 'escalated_at' | 'device_id'>>(
    sql`SELECT id, level, ended_at, escalated_at, device_id FROM alarms WHERE setting_id = ${settingId} ORDER BY alarm_no`,
  );
async function deliveredTo(address: string, subject: RegExp): Promise<string[]> {
  await mail.deliver();
  return mail.catcher.messages.filter((m) => m.to.some((a) => a.toLowerCase() === address) && subject.test(m.subject)).map((m) => m.subject);
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  admin = await login(t.app, DEMO.admin);
  sub = await login(t.app, DEMO.subAdmin);
  const c = await companyIdOf(db, DEMO.admin);
  const [row] = await db.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${c.id}`);
  demo = { id: c.id, name: row.name };
  const o = await otherCompany(db);
  other = { id: o.companyId };
  foreign = await login(t.app, o.email);
  mail = await mailHarness(db);
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

describe('validation', () => {
  it('refuses each bad input with 28002 naming the field, and changes nothing', async () => {
    const g = await group(demo.id, '校验分组');
    const policy = () => db.rows(sql`SELECT * FROM pool_warnings`);
    const settings = () => db.rows(sql`SELECT * FROM alarm_settings`);
    const [p0, s0] = [await policy(), await settings()];
    const cases: [string, Record<string, unknown>, string][] = [
      ['/poolWarning/update', { warningValue: 100, alarmValue: 100 }, '预警值'],
      ['/poolWarning/update', { warningValue: 1_000_000, alarmValue: 10 }, '预警值'],
      ['/alarmSetting/add', setting(g, { threshold: 0 }), '告警阈值'],
      ['/alarmSetting/add', setting(g, { threshold: 1.234 }), '告警阈值'],
      ['/alarmSetting/add', setting(g, { threshold: 300, urgentThreshold: 300 }), '紧急阈值'],
      ['/alarmSetting/add', setting(g, { emails: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`).join(',') }), '接收邮箱'],
      ['/alarmSetting/add', setting(g, { name: '名'.repeat(31) }), '告警名称'],
    ];
    for (const [path, b, label] of cases) {
      const r = await post(path, b);
      expect([path, r.code]).toEqual([path, 28002]);
      expect(r.msg).toContain(label);
    }
    expect(await policy()).toEqual(p0);
    expect(await settings()).toEqual(s0);
  });

  it('a sub-company billed by its parent reads the parent’s policy and cannot set it (32003)', async () => {
    const q = await post('/poolWarning/query', {}, sub);
    expect(q.obj).toMatchObject({ editable: false, payerCompanyName: demo.name });
    const r = await post('/poolWarning/update', { warningValue: 500, alarmValue: 100 }, sub);
    expect(r.code).toBe(32003);
    expect(await db.rows(sql`SELECT 1 FROM pool_warnings`)).toHaveLength(0);
  });

  it('keeps at most ALARM_LIMITS.settingsMax settings per company (30017)', async () => {
    const [{ n }] = await db.rows<Count>(sql`SELECT count(*)::int AS n FROM alarm_settings WHERE company_id = ${other.id}`);
    await db.rows(
      sql`INSERT INTO alarm_settings (company_id, name, scope, period, status, emails, threshold_mb, urgent_mb)
          SELECT ${other.id}, 'x' || i, 'all', 'day', 'off', 'a@example.com', 1, 2 FROM generate_series(1, ${ALARM_LIMITS.settingsMax - n}) AS i`,
    );
    const r = await post('/alarmSetting/add', { ...setting(''), scope: 'all', groupId: undefined }, foreign);
    expect(r.code).toBe(30017);
    expect(r.msg).toContain(String(ALARM_LIMITS.settingsMax));
    await db.rows(sql`DELETE FROM alarm_settings WHERE company_id = ${other.id}`);
  });

  it('refuses a group of another company (32002) and another company’s setting (32001)', async () => {
    const foreignGroup = await group(other.id, '别家分组');
    expect((await post('/alarmSetting/add', setting(foreignGroup))).code).toBe(32002);
    const mine = await post('/alarmSetting/add', setting(await group(demo.id, '我的分组'), { status: 'off' }));
    expect(mine.success).toBe(true);
    expect((await post('/alarmSetting/update', setting(String(mine.obj.groupId), { id: mine.obj.id }), foreign)).code).toBe(32001);
    expect((await post('/alarmSetting/delete', { id: mine.obj.id }, sub)).code).toBe(32001);
    expect((await post('/alarmSetting/delete', { id: mine.obj.id })).success).toBe(true);
  });
});

describe('data pool warning', () => {
  it('raises one alarm and one e-mail however many runs, ends on a top-up, and raises a new one on the next crossing', async () => {
    const q = await post('/poolWarning/query');
    expect(q.obj).toMatchObject({ editable: true, warningValue: null, payerCompanyName: demo.name });
    const remaining = q.obj.dataRemainingMb as number;
    const warningValue = Math.floor(remaining) + 50;
    const u = await post('/poolWarning/update', { warningValue, alarmValue: 1 });
    expect(u.obj).toMatchObject({ warningValue, alarmValue: 1, editable: true });
    const [event] = (await auditOf(db, 'alarm.poolWarning')).slice(-1);
    expect(event.changes).toEqual({ warningValue: [null, warningValue], alarmValue: [null, 1] });

    for (let i = 0; i < 3; i++) await evaluateAlarms(db);
    await Promise.all([evaluateAlarms(db), evaluateAlarms(db)]);
    const open = await db.rows<Row<'alarms', 'id' | 'level'>>(sql`SELECT id, level FROM alarms WHERE type = 'pool_flow' AND ended_at IS NULL`);
    expect(open).toHaveLength(1);
    expect(open[0].level).toBe('warning');
    expect(await deliveredTo(DEMO.admin, /流量池告警|Data pool alarm/)).toHaveLength(1);
    expect(body(await call(t.app, admin, api('/account/overview'))).obj).toMatchObject({ dataWarning: true });
    // the sub-company draws on the same pool
    expect(body(await call(t.app, sub, api('/account/overview'))).obj).toMatchObject({ dataWarning: true });

    // a top-up above the value ends it
    await db.rows(sql`INSERT INTO data_pool_ledger (company_id, delta_mb, reason) VALUES (${demo.id}, 100, 'topup')`);
    expect((await evaluateAlarms(db)).poolEnded).toBe(1);
    expect(body(await call(t.app, admin, api('/account/overview'))).obj).toMatchObject({ dataWarning: false });

    // using 100 MB more crosses it again: a new alarm and a new e-mail
    const g = await group(demo.id, '流量池分组');
    const d = await device(demo.id, g);
    await usage(d, demo.id, today(), 100);
    expect((await evaluateAlarms(db, { publicUrl: 'https://console.example.com/' })).poolOpened).toBe(1);
    const all = await db.rows<Row<'alarms', 'id' | 'ended_at'>>(sql`SELECT id, ended_at FROM alarms WHERE type = 'pool_flow' ORDER BY alarm_no`);
    expect(all).toHaveLength(2);
    expect(all[0].ended_at).not.toBeNull();
    expect(all[1].ended_at).toBeNull();
    expect(await deliveredTo(DEMO.admin, /流量池告警|Data pool alarm/)).toHaveLength(2);
    // the e-mail links to the alarm list when the console's address is known
    const pool = mail.catcher.messages.filter((m) => m.to.includes(DEMO.admin) && /流量池告警|Data pool alarm/.test(m.subject));
    expect(pool.filter((m) => m.text.includes('https://console.example.com/alarm-list'))).toHaveLength(1);
    expect(body(await call(t.app, admin, api('/account/overview'))).obj).toMatchObject({ dataWarning: true });
  });
});

describe('the job', () => {
  it('is registered as a periodic job every minute, and runs an evaluation', async () => {
    const jobs = allJobs({ database: db, provider: t.provider, mailer: { send: async () => {}, close: () => {} } as never });
    expect(jobs.periodic.find((p) => p.name === ALARM_EVALUATE_JOB)?.everyMs).toBe(60_000);
    await expect(jobs.handlers[ALARM_EVALUATE_JOB]({} as never, {} as never)).resolves.toBeUndefined();
  });
});

describe('device alarms', () => {
  let g: string;
  let d: { id: string; imei: string };
  let settingId: string;

  beforeAll(async () => {
    g = await group(demo.id, '设备告警分组');
    d = await device(demo.id, g);
    const s = await post('/alarmSetting/add', setting(g));
    expect(s.obj).toMatchObject({ scope: 'group', groupId: g, groupName: '设备告警分组', threshold: 100, urgentThreshold: 200 });
    settingId = String(s.obj.id);
  });

  it('opens one major alarm at the threshold, escalates it once at the urgent threshold, each with one e-mail', async () => {
    await usage(d, demo.id, today(), 99);
    await evaluateAlarms(db);
    expect(await alarmsOf(settingId)).toHaveLength(0);
    await usage(d, demo.id, today(), 150);
    // a receiver who is a member reads it in their language; any other receiver in Chinese
    await db.rows(sql`UPDATE users SET locale = 'en' WHERE email = ${DEMO.admin}`);
    const runs = await Promise.all([evaluateAlarms(db), evaluateAlarms(db)]);
    expect(runs.reduce((n, r) => n + r.opened, 0)).toBe(1);
    const [a] = await alarmsOf(settingId);
    expect(a).toMatchObject({ level: 'major', ended_at: null, device_id: d.id });
    expect(await deliveredTo('ops-a@example.com', /设备告警/)).toHaveLength(1);
    const toAdmin = await deliveredTo(DEMO.admin, /设备告警|Device alarm/);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]).toMatch(/^\[Major\] Device alarm A\d{6}: \d{15}$/);
    await db.rows(sql`UPDATE users SET locale = 'zh-CN' WHERE email = ${DEMO.admin}`);

    await usage(d, demo.id, today(), 250);
    const again = await Promise.all([evaluateAlarms(db), evaluateAlarms(db), evaluateAlarms(db)]);
    expect(again.reduce((n, r) => n + r.escalated, 0)).toBe(1);
    const after = await alarmsOf(settingId);
    expect(after).toHaveLength(1);
    expect(after[0].level).toBe('critical');
    expect(after[0].escalated_at).not.toBeNull();
    const mails = await deliveredTo('ops-a@example.com', /设备告警/);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toContain('紧急');
    await evaluateAlarms(db);
    expect(await deliveredTo('ops-a@example.com', /设备告警/)).toHaveLength(2);
  });

  it('ends the alarm when a new period starts', async () => {
    const tomorrow = new Date(`${dayOffset(1)}T00:05:00Z`);
    const r = await evaluateAlarms(db, { now: tomorrow });
    expect(r.ended).toBeGreaterThanOrEqual(1);
    const [a] = await alarmsOf(settingId);
    expect(a.ended_at).not.toBeNull();
    // stop the setting, so later evaluations at the real time do not reopen today's window
    expect((await post('/alarmSetting/update', setting(g, { id: settingId, status: 'off' }))).obj.status).toBe('off');
  });

  it('mails at most the hourly cap per setting; every alarm is still listed', async () => {
    const cg = await group(demo.id, '上限分组');
    const n = ALARM_LIMITS.mailsPerSettingPerHour + 3;
    for (let i = 0; i < n; i++) await usage(await device(demo.id, cg), demo.id, today(), 120);
    const s = await post('/alarmSetting/add', setting(cg, { name: '上限', emails: 'cap@example.com', urgentThreshold: 10_000 }));
    const r = await evaluateAlarms(db);
    expect(r.opened).toBe(n);
    expect(r.mailed).toBe(ALARM_LIMITS.mailsPerSettingPerHour);
    expect(await alarmsOf(String(s.obj.id))).toHaveLength(n);
    expect(await deliveredTo('cap@example.com', /设备告警/)).toHaveLength(ALARM_LIMITS.mailsPerSettingPerHour);
    // deleting the setting ends its open alarms
    expect((await post('/alarmSetting/delete', { id: s.obj.id })).success).toBe(true);
    expect((await alarmsOf(String(s.obj.id))).every((a) => a.ended_at !== null)).toBe(true);
  });

  it('recommends from the last 7 complete days, scaled to the period', async () => {
    const rg = await group(demo.id, '推荐分组');
    const a = await device(demo.id, rg);
    await device(demo.id, rg);
    await usage(a, demo.id, dayOffset(-1), 40);
    await usage(a, demo.id, dayOffset(-7), 30);
    await usage(a, demo.id, dayOffset(-8), 500); // outside the 7 days
    await usage(a, demo.id, today(), 500); // today is not complete
    const week = await post('/alarmSetting/recommend', { scope: 'group', groupId: rg, period: 'week' });
    expect(week.obj).toEqual({ devices: 2, thresholdMb: 70, averageMb: 35 });
    const day = await post('/alarmSetting/recommend', { scope: 'group', groupId: rg, period: 'day' });
    expect(day.obj).toEqual({ devices: 2, thresholdMb: 10, averageMb: 5 });
    const month = await post('/alarmSetting/recommend', { scope: 'group', groupId: rg, period: 'month' });
    expect(month.obj).toEqual({ devices: 2, thresholdMb: 300, averageMb: 150 });
    expect((await post('/alarmSetting/recommend', { scope: 'group', groupId: await group(other.id, '别家推荐'), period: 'day' })).code).toBe(32002);
  });
});

describe('alarm list', () => {
  it('filters, titles in the reader’s language and counts the open unhandled', async () => {
    const all = await post('/alarm/list', { pageNum: 1, pageSize: 100 });
    const list = all.obj.list ?? [];
    expect(all.obj.total).toBe(list.length);
    expect(all.obj.openUnhandled).toBe(list.filter((a) => a.state === 'open' && a.handledAt === null).length);
    const dates = list.map((a) => String(a.createdAt));
    expect([...dates].sort().reverse()).toEqual(dates);
    const critical = await post('/alarm/list', { type: 'device_flow', level: 'critical', state: 'ended', pageNum: 1, pageSize: 10 });
    expect(critical.obj.total).toBe(1);
    const c = (critical.obj.list ?? [])[0];
    expect(c).toMatchObject({ settingName: '流量告警', level: 'critical', state: 'ended' });
    expect(String(c.alarmNo)).toMatch(/^A\d{6}$/);
    expect(String(c.title)).toContain('紧急阈值 200 MB');
    expect(String(c.downloadUrl)).toBe(`/api/v1/rrp/alarm/download?id=${c.id}`);
    const en = await post('/alarm/list', { imei: String(c.imei), pageNum: 1, pageSize: 10 }, admin, 'en');
    expect((en.obj.list ?? []).map((a) => a.id)).toEqual([c.id]);
    expect(String((en.obj.list ?? [])[0].title)).toContain('urgent threshold of 200 MB');
    const pool = await post('/alarm/list', { type: 'pool_flow', state: 'open', pageNum: 1, pageSize: 10 });
    expect(pool.obj.total).toBe(1);
    expect(String((pool.obj.list ?? [])[0].title)).toContain('流量池剩余');
    // a sub-company lists its own company's alarms only (the pool alarms are its payer's)
    expect((await post('/alarm/list', { pageNum: 1, pageSize: 10 }, sub)).obj.total).toBe(0);
    const future = await post('/alarm/list', { from: dayOffset(2), pageNum: 1, pageSize: 10 });
    expect(future.obj.total).toBe(0);
  });

  it('handles the company’s alarms; a foreign id refuses the whole request (32004)', async () => {
    const open = (await post('/alarm/list', { handled: false, state: 'open', pageNum: 1, pageSize: 2 })).obj.list ?? [];
    expect(open.length).toBeGreaterThan(0);
    const before = (await post('/alarm/list', { pageNum: 1, pageSize: 1 })).obj.openUnhandled as number;
    const r = await post('/alarm/handle', { ids: [open[0].id, randomUUID()] });
    expect(r.code).toBe(32004);
    expect((await post('/alarm/handle', { ids: [open[0].id] }, foreign)).code).toBe(32004);
    expect((await post('/alarm/list', { pageNum: 1, pageSize: 1 })).obj.openUnhandled).toBe(before);
    expect((await post('/alarm/handle', { ids: open.map((a) => a.id) })).success).toBe(true);
    expect((await post('/alarm/list', { pageNum: 1, pageSize: 1 })).obj.openUnhandled).toBe(before - open.length);
    const handled = (await post('/alarm/list', { handled: true, pageNum: 1, pageSize: 10 })).obj.list ?? [];
    const [me] = await db.rows<Row<'users', 'name'>>(sql`SELECT name FROM users WHERE email = ${DEMO.admin}`);
    expect(handled.map((a) => a.id).sort()).toEqual(open.map((a) => a.id).sort());
    expect(handled.every((a) => a.handledBy === me.name && a.handledAt !== null)).toBe(true);
    const events = (await auditOf(db, 'alarm.handle')).slice(-open.length);
    expect(events.map((e) => e.target_id).sort()).toEqual(open.map((a) => a.id).sort());
    expect(body(await call(t.app, admin, api('/account/overview'))).obj.openAlarms).toBe(before - open.length);
  });

  it('downloads the devices concerned as xlsx; a foreign id is 32004', async () => {
    const [c] = (await post('/alarm/list', { type: 'device_flow', level: 'critical', pageNum: 1, pageSize: 1 })).obj.list ?? [];
    const x = await call(t.app, admin, String(c.downloadUrl), undefined, { method: 'GET', lang: 'en' });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => void rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0][0]).toBe('IMEI');
    expect(rows.slice(1)).toEqual([[c.imei, expect.any(String), '设备告警分组', today(), 250, 100, 200]]);

    const [p] = (await post('/alarm/list', { type: 'pool_flow', pageNum: 1, pageSize: 1 })).obj.list ?? [];
    const px = await call(t.app, admin, String(p.downloadUrl), undefined, { method: 'GET' });
    expect(px.statusCode).toBe(200);
    const pwb = new ExcelJS.Workbook();
    await pwb.xlsx.load(px.rawPayload as unknown as ArrayBuffer);
    expect(pwb.worksheets[0].rowCount).toBeGreaterThan(1);

    const f = await call(t.app, foreign, String(c.downloadUrl), undefined, { method: 'GET' });
    expect([f.statusCode, body(f).code]).toEqual([404, 32004]);
  });
});
