import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyIdOf, otherCompany } from '../../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../../test/helper.js';
import { placeOrder } from '../../../../test/orders.js';
import { type Received, webhookReceiver } from '../../../../test/webhooks.js';
import type { Count, Narrow, Row } from '../../../db/row.js';
import { allJobs } from '../../../jobs/registry.js';
import { iso } from '../../../lib/units.js';
import { evaluateAlarms } from '../../alarms/index.js';
import { recordWechatPayment } from '../../orders/index.js';
import { deliverDue } from './deliver.js';
import { forwardDeviceStatus } from './device-status.js';
import { announceExpiringLicenses } from './license-expiring.js';
import { emitWebhookEvent } from './outbox.js';
import { pruneWebhookLog } from './prune.js';
import { MAX_ATTEMPTS } from './schedule.js';
import type { WebhookOptions } from './url-policy.js';

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };
type Endpoint = { id: string; secret: string; url: string; enabled: boolean; failingSince: string | null; disabledReason: string | null };
type Delivery = { id: string; messageId: string; state: string; attempts: number; lastStatus: number | null; lastResponse: string | null; payload: string };

let t: TestApp;
let db: TestApp['database'];
let admin: Session;
let foreign: Session;
let demo: string;
let otherId: string;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
const options: WebhookOptions = { allowHttp: true, allowPrivate: true, timeoutMs: 2000 };
const deps = () => ({ database: db, options, publicUrl: 'https://console.example.com' });

const post = (path: string, b: unknown = {}, s = admin) => call(t.app, s, api(path), b).then((r) => r.json() as Envelope);

async function addEndpoint(events: string[], path = '/hook'): Promise<Endpoint> {
  const r = await post('/developer/webhook/add', { url: receiver.url(path), events, description: 'test receiver' });
  expect(r.code, r.msg).toBe(0);
  return r.obj as unknown as Endpoint;
}

/** Emits an event of the demo company in a transaction of its own, as a module does in its own. */
const emit = (event: Parameters<typeof emitWebhookEvent>[3], data: Record<string, unknown>, companyId = demo) =>
  db.db.transaction((tx) => emitWebhookEvent(db, tx, companyId, event, data));

/** Makes every waiting delivery due now: the clock of the retry schedule, moved forward. */
const dueNow = () => db.rows(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE state IN ('pending', 'retrying')`);

const deliveriesOf = async (endpointId: string) =>
  ((await post('/developer/webhook/delivery/list', { endpointId, pageNum: 1, pageSize: 50 })).obj.list ?? []) as unknown as Delivery[];

/** Checks a request as a customer would: standardwebhooks with the endpoint secret, and every v1a with the listed public keys. */
async function verifyRequest(r: Received, secret: string): Promise<{ type: string; data: Record<string, unknown> }> {
  const headers = {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  };
  const parsed = new Webhook(secret).verify(r.body, headers) as { type: string; data: Record<string, unknown> };
  const keys = (await post('/developer/callbackKey/list')).obj as unknown as { publicKey: string; publicKeyPem: string }[];
  const content = Buffer.from(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${r.body}`);
  const v1a = headers['webhook-signature']
    .split(' ')
    .filter((s) => s.startsWith('v1a,'))
    .map((s) => Buffer.from(s.slice(4), 'base64'));
  expect(v1a.length).toBe(keys.length);
  for (const [i, sig] of v1a.entries()) {
    expect(verify(null, content, keys[i].publicKeyPem, sig)).toBe(true);
    const raw = Buffer.from(keys[i].publicKey.replace(/^whpk_/, ''), 'base64');
    const fromRaw = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
    expect(verify(null, content, fromRaw, sig)).toBe(true);
  }
  expect(r.headers['content-type']).toBe('application/json');
  expect(r.headers['user-agent']).toBe('RRP-Webhooks/1.0');
  return parsed;
}

beforeAll(async () => {
  t = await buildTestApp({ config: { RRP_WEBHOOK_ALLOW_PRIVATE: 'on' } });
  db = t.database;
  admin = await login(t.app, DEMO.admin);
  const other = await otherCompany(db);
  foreign = await login(t.app, other.email);
  otherId = other.companyId;
  demo = (await companyIdOf(db, DEMO.admin)).id;
  receiver = await webhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
  await db.rows(sql`DELETE FROM webhook_endpoints`);
  await db.rows(sql`DELETE FROM jobs WHERE name = 'webhooks.deliver'`);
});

describe('webhook delivery', () => {
  it('sends a test event at once, signed so standardwebhooks and the v1a public key verify it', async () => {
    const e = await addEndpoint(['order.paid']);
    expect(e.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const r = await post('/developer/webhook/test', { id: e.id });
    expect(r.code, r.msg).toBe(0);
    expect(r.obj).toMatchObject({ state: 'succeeded', attempts: 1, lastStatus: 200, lastResponse: 'ok', event: 'webhook.test', endpointId: e.id });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.headers['webhook-id']).toBe(r.obj.messageId);
    expect(got.body).toBe(r.obj.payload);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    const parsed = await verifyRequest(got, e.secret);
    expect(parsed).toMatchObject({ type: 'webhook.test', data: { endpointId: e.id } });
    // a wrong secret does not verify
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got.body, got.headers as Record<string, string>)).toThrow();
  });

  it('retries a receiver failing 3 times, then acknowledges the event once, with the same webhook-id', async () => {
    const e = await addEndpoint(['order.paid']);
    receiver.answers.push({ status: 500, body: 'boom' }, { status: 503, body: 'x'.repeat(3000) }, { status: 404 });
    await emit('order.paid', { orderNo: 'R1', payMethod: 'offline', amountFen: 100 });
    await deliverDue(deps());
    let [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({ state: 'retrying', attempts: 1, lastStatus: 500, lastResponse: 'boom' });
    const [ep] = (await post('/developer/webhook/list')).obj as unknown as Endpoint[];
    expect(ep.failingSince).not.toBeNull();
    // the schedule: 5 s after the first failure
    const [next] = await db.rows<Row<'webhook_deliveries', 'next_attempt_at' | 'last_attempt_at'>>(
      sql`SELECT next_attempt_at, last_attempt_at FROM webhook_deliveries WHERE id = ${d.id}`,
    );
    expect(Math.round((Date.parse(iso(next.next_attempt_at) ?? '') - Date.parse(iso(next.last_attempt_at) ?? '')) / 1000)).toBe(5);
    for (let i = 0; i < 3; i++) {
      await dueNow();
      await deliverDue(deps());
    }
    [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({ state: 'succeeded', attempts: 4, lastStatus: 200 });
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([d.messageId]));
    expect(receiver.received.filter((r) => r.body === d.payload)).toHaveLength(4);
    for (const r of receiver.received) await verifyRequest(r, e.secret);
    // a success ends the run of failures; nothing more is sent
    const [after] = (await post('/developer/webhook/list')).obj as unknown as Endpoint[];
    expect(after.failingSince).toBeNull();
    await dueNow();
    expect((await deliverDue(deps())).attempted).toBe(0);
    expect(receiver.received).toHaveLength(4);
  });

  it('keeps only the first 1,000 characters of an answer, and gives up after the last attempt', async () => {
    const e = await addEndpoint(['order.paid']);
    for (let i = 0; i < MAX_ATTEMPTS; i++) receiver.answers.push({ status: 500, body: 'y'.repeat(5000) });
    await emit('order.paid', { orderNo: 'R2' });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await dueNow();
      await deliverDue(deps());
    }
    const [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, lastStatus: 500 });
    expect(d.lastResponse).toBe('y'.repeat(1000));
    await dueNow();
    expect((await deliverDue(deps())).attempted).toBe(0);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const e = await addEndpoint(['order.paid']);
    receiver.answers.push({ status: 302, headers: { location: receiver.url('/elsewhere') } });
    await emit('order.paid', { orderNo: 'R3' });
    await deliverDue(deps());
    const [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({ state: 'retrying', lastStatus: 302 });
    expect(d.lastResponse).toContain('not followed');
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
  });

  it('records a network error, and delivers again after a crash mid-attempt (the lease runs out)', async () => {
    const e = await addEndpoint(['order.paid']);
    await db.rows(sql`UPDATE webhook_endpoints SET url = 'http://127.0.0.1:1/closed' WHERE id = ${e.id}`);
    await emit('order.paid', { orderNo: 'R4' });
    await deliverDue(deps());
    let [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({ state: 'retrying', lastStatus: null });
    expect(d.lastResponse).toMatch(/ECONNREFUSED/);
    await db.rows(sql`UPDATE webhook_endpoints SET url = ${receiver.url()} WHERE id = ${e.id}`);
    // a worker claims the delivery and dies before recording anything
    await dueNow();
    await db.rows(sql`UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = now() + interval '60 seconds' WHERE id = ${d.id}`);
    expect((await deliverDue(deps())).attempted).toBe(0);
    await db.rows(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = ${d.id}`);
    await deliverDue(deps());
    [d] = await deliveriesOf(e.id);
    expect(d).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(receiver.received).toHaveLength(1);
  });

  it('disables an endpoint failing for 5 days and mails the company’s developer administrators', async () => {
    const e = await addEndpoint(['order.paid']);
    receiver.answers.push({ status: 500, body: 'down' });
    await emit('order.paid', { orderNo: 'R5' });
    await db.rows(sql`UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE id = ${e.id}`);
    const mailsBefore = await db.rows(sql`SELECT 1 FROM jobs WHERE name = 'email.send' AND payload->'template'->>'kind' = 'webhook-disabled'`);
    await deliverDue(deps());
    const [ep] = (await post('/developer/webhook/list')).obj as unknown as Endpoint[];
    expect(ep).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mails = (
      await db.rows<Narrow<Row<'jobs', 'payload'>, { payload: { to: string; template: { url: string; link: string } } }>>(
        sql`SELECT payload FROM jobs WHERE name = 'email.send' AND payload->'template'->>'kind' = 'webhook-disabled'`,
      )
    ).map(({ payload: p }) => ({ to: p.to, url: p.template.url, link: p.template.link }));
    expect(mails.length - mailsBefore.length).toBeGreaterThan(0);
    expect(mails.map((m) => m.to.toLowerCase())).toContain(DEMO.admin.toLowerCase());
    expect(mails[mails.length - 1]).toMatchObject({ url: receiver.url(), link: 'https://console.example.com/developer' });
    // a disabled endpoint gets no new deliveries, and waiting ones wait
    await emit('order.paid', { orderNo: 'R6' });
    await dueNow();
    expect((await deliverDue(deps())).attempted).toBe(0);
    expect(await deliveriesOf(e.id)).toHaveLength(1);
    // enabled again: the run of failures starts afresh and the waiting delivery goes out
    const r = await post('/developer/webhook/update', { id: e.id, enabled: true });
    expect(r.obj).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await dueNow();
    await deliverDue(deps());
    expect((await deliveriesOf(e.id))[0]).toMatchObject({ state: 'succeeded' });
  });

  it('lands an AC bind made through the API as a delivery', async () => {
    const e = await addEndpoint(['ac.bound', 'ac.unbound']);
    const imei = `8677${String(Date.now()).slice(-11)}`;
    await db.rows(sql`INSERT INTO devices (company_id, imei, name, region, status) VALUES (${demo}, ${imei}, 'WH', 'china_mainland', 'physical_card')`);
    const acCode = `LPA:1$smdp.example.com$WH-${randomUUID().slice(0, 8)}`;
    await db.rows(sql`INSERT INTO ac_codes (company_id, ac_code, import_id) VALUES (${demo}, ${acCode}, ${randomUUID()})`);
    expect((await post('/ac/bind', { acCode, imei })).code).toBe(0);
    expect((await post('/ac/unbind', { acCode })).code).toBe(0);
    // the emissions queued one nudge of the delivery job; the job registry runs it with the configuration's rules
    const nudges = await db.rows<Row<'jobs', 'payload'>>(sql`DELETE FROM jobs WHERE name = 'webhooks.deliver' AND status = 'queued' RETURNING payload`);
    expect(nudges).toHaveLength(1);
    const jobs = allJobs({ database: db, provider: t.provider, mailer: {} as never, webhooks: t.config });
    await jobs.handlers['webhooks.deliver'](nudges[0].payload as never, {} as never);
    const events = await Promise.all(receiver.received.map((r) => verifyRequest(r, e.secret)));
    expect(events.map((x) => x.type).sort()).toEqual(['ac.bound', 'ac.unbound']);
    expect(events.find((x) => x.type === 'ac.bound')?.data).toEqual({ acCode, imei });
  });

  it('lands a device suspend made through the API as device.suspended when the command completes', async () => {
    const e = await addEndpoint(['device.suspended', 'device.unsuspended']);
    const imei = `8679${String(Date.now()).slice(-11)}`;
    const [dev] = await db.rows<Row<'devices', 'id'>>(sql`INSERT INTO devices (company_id, imei, name, region, status, online, suspended, license_expires_at)
          VALUES (${demo}, ${imei}, 'WH3', 'china_mainland', 'physical_card', true, false, now() + interval '100 days') RETURNING id`);
    const r = await post('/device/suspend', { imei });
    expect(r.success, r.msg).toBe(true);
    // the command completes on the simulated network (its job), then the delivery job runs
    const jobs = allJobs({ database: db, provider: t.provider, mailer: { send: async () => {}, close: () => {} } as never });
    const queued = await db.rows<Row<'jobs', 'payload'>>(sql`DELETE FROM jobs WHERE name = 'network.command' RETURNING payload`);
    for (const q of queued) await jobs.handlers['network.command'](q.payload as never, {} as never);
    expect(await deliveriesOf(e.id)).toHaveLength(1);
    await deliverDue(deps());
    const [event] = await Promise.all(receiver.received.map((x) => verifyRequest(x, e.secret)));
    expect(event).toMatchObject({ type: 'device.suspended', data: { deviceId: dev.id, imei, suspended: true } });
  });

  it('lands a WeChat payment (one statement) as order.paid and order.delivered', async () => {
    const e = await addEndpoint(['order.paid', 'order.delivered']);
    const order = await placeOrder(t, admin, { productType: 4, quantity: 1, payMethod: 'offline' });
    const [o] = await db.rows<Row<'orders', 'total_fen'>>(sql`UPDATE orders SET pay_method = 'wechat' WHERE order_no = ${order.orderNo} RETURNING total_fen`);
    const paid = await recordWechatPayment(db, {
      orderNo: order.orderNo,
      transactionId: `42${Date.now()}`,
      amountFen: Number(o.total_fen),
      source: 'notification',
    });
    expect(paid.outcome).toBe('paid');
    await deliverDue(deps());
    const events = await Promise.all(receiver.received.map((x) => verifyRequest(x, e.secret)));
    expect(events.map((x) => x.type).sort()).toEqual(['order.delivered', 'order.paid']);
    expect(events.find((x) => x.type === 'order.paid')?.data).toEqual({ orderNo: order.orderNo, payMethod: 'wechat', amountFen: Number(o.total_fen) });
    expect(events.find((x) => x.type === 'order.delivered')?.data).toMatchObject({ orderNo: order.orderNo, delivered: { acLicenses: expect.any(Number) } });
  });

  it('lands device alarms opened, escalated and cleared by the evaluation job', async () => {
    const e = await addEndpoint(['alarm.opened', 'alarm.escalated', 'alarm.cleared']);
    const [g] = await db.rows<Row<'device_groups', 'id'>>(sql`INSERT INTO device_groups (company_id, name) VALUES (${demo}, 'webhook alarms') RETURNING id`);
    const imei = `8676${String(Date.now()).slice(-11)}`;
    const [dev] = await db.rows<Row<'devices', 'id'>>(
      sql`INSERT INTO devices (company_id, group_id, imei, name, region, status) VALUES (${demo}, ${g.id}, ${imei}, 'WH4', 'CN', 'physical_card') RETURNING id`,
    );
    const s = await post('/alarmSetting/add', {
      name: 'webhook',
      scope: 'group',
      groupId: g.id,
      period: 'day',
      status: 'on',
      emails: 'ops@example.com',
      threshold: 100,
      urgentThreshold: 200,
    });
    expect(s.code, s.msg).toBe(0);
    const usage = (mb: number) =>
      db.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES (${dev.id}, ${demo}, ${new Date().toISOString().slice(0, 10)}::date, ${mb * 1048576})
                  ON CONFLICT (device_id, day) DO UPDATE SET bytes = excluded.bytes`);
    await usage(150);
    await evaluateAlarms(db);
    await usage(250);
    await evaluateAlarms(db);
    await post('/alarmSetting/update', {
      id: s.obj.id,
      name: 'webhook',
      scope: 'group',
      groupId: g.id,
      period: 'day',
      status: 'off',
      emails: 'ops@example.com',
      threshold: 100,
      urgentThreshold: 200,
    });
    await evaluateAlarms(db, { now: new Date(Date.now() + 86_400_000) });
    await deliverDue(deps());
    const events = await Promise.all(receiver.received.map((x) => verifyRequest(x, e.secret)));
    expect(events.map((x) => x.type).sort()).toEqual(['alarm.cleared', 'alarm.escalated', 'alarm.opened']);
    expect(events.find((x) => x.type === 'alarm.opened')?.data).toMatchObject({
      level: 'major',
      imei,
      setting: 'webhook',
      period: 'day',
      usageMb: 150,
      thresholdMb: 100,
    });
    expect(events.find((x) => x.type === 'alarm.escalated')?.data).toMatchObject({ level: 'critical', imei, usageMb: 250 });
    expect(events.find((x) => x.type === 'alarm.cleared')?.data).toMatchObject({ imei, alarmNo: expect.stringMatching(/^A\d{6}$/) });
  });

  it('announces a License expiring within 30 days once', async () => {
    const e = await addEndpoint(['license.expiring']);
    const imei = `8675${String(Date.now()).slice(-11)}`;
    const [dev] = await db.rows<Row<'devices', 'id' | 'license_expires_at'>>(
      sql`INSERT INTO devices (company_id, imei, name, region, status, license_expires_at, auto_renew)
          VALUES (${demo}, ${imei}, 'WH5', 'CN', 'physical_card', date_trunc('second', now()) + interval '10 days', false)
          RETURNING id, license_expires_at`,
    );
    await db.rows(
      sql`INSERT INTO devices (company_id, imei, name, region, status, license_expires_at) VALUES (${demo}, ${`8674${imei.slice(4)}`}, 'WH6', 'CN', 'physical_card', now() + interval '40 days')`,
    );
    await announceExpiringLicenses(db);
    await announceExpiringLicenses(db);
    await deliverDue(deps());
    const events = await Promise.all(receiver.received.map((x) => verifyRequest(x, e.secret)));
    expect(events).toEqual([
      expect.objectContaining({ type: 'license.expiring', data: { deviceId: dev.id, imei, expiresAt: iso(dev.license_expires_at), autoRenew: false } }),
    ]);
  });

  it('emits nothing for an event no endpoint subscribes to, nor for a disabled endpoint', async () => {
    const e = await addEndpoint(['ac.bound']);
    const count = async () => (await db.rows<Count>(sql`SELECT count(*)::int AS n FROM webhook_messages`))[0].n;
    const before = await count();
    await emit('order.paid', { orderNo: 'N1' });
    expect(await count()).toBe(before);
    await post('/developer/webhook/update', { id: e.id, enabled: false });
    await emit('ac.bound', { acCode: 'x' });
    expect(await count()).toBe(before);
    // a rolled-back transaction leaves nothing behind
    await post('/developer/webhook/update', { id: e.id, enabled: true });
    await db.db
      .transaction(async (tx) => {
        await emitWebhookEvent(db, tx, demo, 'ac.bound', { acCode: 'y' });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await count()).toBe(before);
  });

  it('prunes settled messages after 30 days with their deliveries, and keeps those still to be attempted', async () => {
    const e = await addEndpoint(['ac.unbound'], '/prune');
    await emit('ac.unbound', { acCode: 'old-settled' });
    await emit('ac.unbound', { acCode: 'old-retrying' });
    await emit('ac.unbound', { acCode: 'recent' });
    const ids = async () =>
      (
        await db.rows<Row<'webhook_messages', 'payload'>>(
          sql`SELECT m.payload FROM webhook_messages m JOIN webhook_deliveries d ON d.message_id = m.id
              WHERE d.endpoint_id = ${e.id} ORDER BY m.payload::jsonb -> 'data' ->> 'acCode'`,
        )
      ).map((r) => (JSON.parse(r.payload) as { data: { acCode: string } }).data.acCode);
    await db.rows(sql`UPDATE webhook_messages SET created_at = now() - interval '31 days' WHERE payload::jsonb -> 'data' ->> 'acCode' LIKE 'old-%'`);
    await db.rows(
      sql`UPDATE webhook_deliveries d SET state = CASE WHEN m.payload::jsonb -> 'data' ->> 'acCode' = 'old-settled' THEN 'succeeded' ELSE 'retrying' END
          FROM webhook_messages m WHERE m.id = d.message_id AND d.endpoint_id = ${e.id}`,
    );
    expect(await pruneWebhookLog(db)).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual(['old-retrying', 'recent']);
  });

  it('forwards device online/offline changes to subscribed companies', async () => {
    const e = await addEndpoint(['device.offline', 'device.online']);
    await forwardDeviceStatus(db);
    const imei = `8678${String(Date.now()).slice(-11)}`;
    const [dev] = await db.rows<Row<'devices', 'id'>>(
      sql`INSERT INTO devices (company_id, imei, name, region, status) VALUES (${demo}, ${imei}, 'WH2', 'china_mainland', 'physical_card') RETURNING id`,
    );
    const at = new Date(Date.now() - 60_000);
    await db.rows(
      sql`INSERT INTO device_status_events (device_id, company_id, at, online)
          VALUES (${dev.id}, ${demo}, ${at.toISOString()}, false), (${dev.id}, ${demo}, ${new Date().toISOString()}, true), (${dev.id}, ${otherId}, now(), true)`,
    );
    // the first run only notes the newest event; the next forwards up to it
    expect((await forwardDeviceStatus(db)).deliveries).toBe(0);
    expect((await forwardDeviceStatus(db)).deliveries).toBe(2);
    expect((await forwardDeviceStatus(db)).deliveries).toBe(0);
    await deliverDue(deps());
    const events = await Promise.all(receiver.received.map((r) => verifyRequest(r, e.secret)));
    expect(events.map((x) => x.type).sort()).toEqual(['device.offline', 'device.online']);
    const offline = events.find((x) => x.type === 'device.offline');
    expect(offline?.data).toMatchObject({ deviceId: dev.id, imei, online: false, at: at.toISOString() });
  });

  it('redelivers a message with the same webhook-id; lists deliveries newest first, filtered, the company’s only', async () => {
    const e = await addEndpoint(['order.paid']);
    await emit('order.paid', { orderNo: 'L1' });
    await deliverDue(deps());
    const [first] = await deliveriesOf(e.id);
    const again = await post('/developer/webhook/delivery/redeliver', { id: first.id });
    expect(again.obj).toMatchObject({ messageId: first.messageId, state: 'pending', attempts: 0 });
    await deliverDue(deps());
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([first.messageId, first.messageId]);
    const list = await post('/developer/webhook/delivery/list', { endpointId: e.id, pageNum: 1, pageSize: 10 });
    expect(list.obj.total).toBe(2);
    expect(list.obj.list?.[0].id).toBe(again.obj.id);
    const succeeded = await post('/developer/webhook/delivery/list', { state: 'succeeded', pageNum: 1, pageSize: 10 });
    expect(succeeded.obj.total).toBe(2);
    expect((await post('/developer/webhook/delivery/list', { state: 'failed', pageNum: 1, pageSize: 10 })).obj.total).toBe(0);
    // another company sees none of it
    expect((await post('/developer/webhook/delivery/list', { pageNum: 1, pageSize: 10 }, foreign)).obj.total).toBe(0);
    expect((await post('/developer/webhook/delivery/redeliver', { id: first.id }, foreign)).code).toBe(38005);
    expect((await post('/developer/webhook/test', { id: e.id }, foreign)).code).toBe(38003);
  });

  it('signs with the previous callback key too while it has not retired', async () => {
    const e = await addEndpoint(['order.paid']);
    const before = (await post('/developer/callbackKey/list')).obj as unknown as { keyId: string; state: string }[];
    expect(before.map((k) => k.state)).toEqual(['current']);
    const rotated = await post('/developer/callbackKey/rotate');
    const keys = rotated.obj as unknown as { keyId: string; state: string; retiresAt: string | null }[];
    expect(keys.map((k) => k.state)).toEqual(['current', 'previous']);
    expect(keys[1].keyId).toBe(before[0].keyId);
    expect(new Date(keys[1].retiresAt as string).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    await post('/developer/webhook/test', { id: e.id });
    const sigs = String(receiver.received[0].headers['webhook-signature']).split(' ');
    expect(sigs.map((s) => s.split(',')[0])).toEqual(['v1', 'v1a', 'v1a']);
    await verifyRequest(receiver.received[0], e.secret);
    // once retired, the previous key neither signs nor is listed
    await db.rows(sql`UPDATE callback_keys SET retires_at = now() - interval '1 second' WHERE retires_at IS NOT NULL`);
    await post('/developer/webhook/test', { id: e.id });
    expect(String(receiver.received[1].headers['webhook-signature']).split(' ')).toHaveLength(2);
    await verifyRequest(receiver.received[1], e.secret);
    const audits = await db.rows(sql`SELECT 1 FROM audit_events WHERE action = 'developer.callbackKey.rotate' AND company_id = ${demo}`);
    expect(audits.length).toBeGreaterThan(0);
  });
});
