import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { signedHeaders } from '@rrp/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';
import { AccountRouter } from '../src/modules/connectivity/index.js';
import { type ConnectivityProvider, createProvider } from '../src/modules/network/index.js';
import type { PaymentGateway } from '../src/modules/orders/index.js';
import { seedDemo } from '../src/seed/demo.js';

export const TEST_CAPTCHA = 'abcd';
export const DEMO_PASSWORD = 'Demo#2026pass';
export const OPS_PASSWORD = 'Ops#2026pass';
export const DEMO = {
  admin: 'admin@demo.rrp.local',
  manager: 'manager@demo.rrp.local',
  specialist: 'specialist@demo.rrp.local',
  subAdmin: 'sub-admin@demo.rrp.local',
  ops: 'ops@rrp.local',
};

/** Which database the suite runs on: RRP_TEST_DB=postgres uses a fresh database on TEST_PG_URL. */
export const TEST_DB = process.env.RRP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_BASE = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new, empty PostgreSQL database: its URL and a function that drops it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rrp_t_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_BASE });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function freshDatabase(): Promise<Database> {
  if (TEST_DB === 'pglite') return openPglite(undefined);
  const { url, drop } = await emptyPostgresDatabase();
  const database = await openPostgres(url, { poolSize: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    await drop();
  };
  return database;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    RRP_TEST_CAPTCHA: TEST_CAPTCHA,
    RRP_ADMIN_PASSWORD: DEMO_PASSWORD,
    RRP_OPS_PASSWORD: OPS_PASSWORD,
    LOG_LEVEL: 'silent',
    RRP_DATA_DIR: '/tmp/rrp-test-unused',
    ...overrides,
  });
}

export type TestApp = { app: FastifyInstance; database: Database; config: Config; provider: ConnectivityProvider; close(): Promise<void> };

export async function buildTestApp(
  opts: { seed?: boolean; config?: Record<string, string>; logger?: boolean; payments?: PaymentGateway | null } = {},
): Promise<TestApp> {
  const config = testConfig(opts.config);
  const database = await freshDatabase();
  if (opts.seed !== false) await seedDemo(database, config);
  const provider = new AccountRouter(database, createProvider(database, { simulateFleet: false }));
  const app = await buildApp({ config, database, provider, payments: opts.payments ?? null, logger: opts.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    config,
    provider,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type Session = { token: string; secretKey: string; permissionsList: string[]; deductionSource: number };

export async function encryptFor(app: FastifyInstance, ...fields: string[]): Promise<{ keyId: string; values: string[] }> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/rrp/user/publicKey' });
  const { keyId, publicKey } = res.json().obj;
  const values = fields.map((f) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(f)).toString('base64'),
  );
  return { keyId, values };
}

export async function newCaptcha(app: FastifyInstance): Promise<string> {
  const id = randomUUID();
  const res = await app.inject({ method: 'GET', url: `/api/v1/rrp/captcha/generator/${id}` });
  if (res.statusCode !== 200) throw new Error(`captcha: ${res.statusCode}`);
  return id;
}

/** Calls login and returns the raw response. */
export async function tryLogin(app: FastifyInstance, account: string, password: string, opts: { captcha?: string; ip?: string; lang?: string } = {}) {
  const { keyId, values } = await encryptFor(app, account, password);
  const key = await newCaptcha(app);
  return app.inject({
    method: 'POST',
    url: '/api/v1/rrp/user/login',
    remoteAddress: opts.ip ?? '10.0.0.1',
    headers: { 'accept-language': opts.lang ?? 'zh-CN' },
    payload: { name: values[0], password: values[1], key, pictureCaptcha: opts.captcha ?? TEST_CAPTCHA, keyId },
  });
}

export async function login(app: FastifyInstance, account: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await tryLogin(app, account, password);
  const body = res.json();
  if (!body.success) throw new Error(`login failed: ${res.body}`);
  return body.obj;
}

/** A signed call, as the web client makes it. `mutate` may spoil the headers for negative tests. */
export async function call(
  app: FastifyInstance,
  session: Pick<Session, 'token' | 'secretKey'>,
  url: string,
  body: unknown = {},
  opts: { method?: 'GET' | 'POST'; lang?: string; timestamp?: number; requestId?: string; mutate?: (h: Record<string, string>) => void; rawBody?: string } = {},
) {
  const method = opts.method ?? 'POST';
  const payload = method === 'GET' ? '' : (opts.rawBody ?? JSON.stringify(body));
  const headers = await signedHeaders({
    secretKey: session.secretKey,
    token: session.token,
    method,
    url,
    body: payload,
    timestamp: opts.timestamp ?? Date.now(),
    requestId: opts.requestId ?? randomUUID(),
  });
  const h: Record<string, string> = { ...headers, 'accept-language': opts.lang ?? 'zh-CN' };
  if (method !== 'GET') h['content-type'] = 'application/json';
  opts.mutate?.(h);
  return app.inject({ method, url, headers: h, payload: method === 'GET' ? undefined : payload });
}

export const api = (path: string) => `/api/v1/rrp${path}`;

/** Real SMTP end to end: a mail catcher on a free port, and the job runner that delivers the outbox. */
export async function mailHarness(database: Database) {
  const { MailCatcher } = await import('../src/mail/catcher.js');
  const { smtpMailer } = await import('../src/mail/transport.js');
  const { invoiceAttachments } = await import('../src/modules/invoices/index.js');
  const { reportAttachments } = await import('../src/modules/reports/index.js');
  const { JobRunner } = await import('../src/jobs/runner.js');
  const pino = (await import('pino')).default;
  const catcher = new MailCatcher();
  await catcher.start('127.0.0.1', 0, 0);
  const mailer = smtpMailer(`smtp://127.0.0.1:${catcher.smtpPort}`, 'RRP Console <no-reply@rrp.local>', {
    'invoice-file': invoiceAttachments(database),
    report: reportAttachments(database, { snapshotSeconds: 0 }),
  });
  const runner = new JobRunner(database, { 'email.send': (job: never) => mailer.send(job) }, [], pino({ level: 'silent' }));
  return {
    catcher,
    /** runs due jobs (sends queued mail) */
    deliver: () => runner.tick(),
    lastCode(to: string): string {
      const m = catcher.messages.find((x) => x.to.includes(to));
      const code = m?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    close: async () => {
      mailer.close();
      await catcher.stop();
    },
  };
}
