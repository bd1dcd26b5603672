import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB } from './helper.js';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'rrp-proc-'));
const children: ChildProcess[] = [];

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RRP_DATA_DIR: dataDir,
      PORT: '0',
      RRP_MAILCATCHER_HTTP_PORT: '0',
      RRP_MAILCATCHER_SMTP_PORT: '0',
      RRP_ADMIN_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const output = (until: RegExp, ms = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const t0 = Date.now();
      const poll = setInterval(() => {
        if (until.test(out)) return clearInterval(poll), resolve(out);
        if (Date.now() - t0 > ms || child.exitCode !== null) return clearInterval(poll), reject(new Error(`did not see ${until}:\n${out}`));
      }, 50);
    });
  return { child, exited, output, text: () => out };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe.runIf(TEST_DB === 'pglite')('the server process on the embedded database', () => {
  it('starts, prints its URL and demo accounts, refuses a second process, stops cleanly and keeps its data', async () => {
    const first = start({});
    const banner = await first.output(/Demo accounts[\s\S]*platform staff.*\n/);
    expect(banner).toMatch(/RRP Console is running at http:\/\/127\.0\.0\.1:\d+/);
    expect(banner).toMatch(/Mail catcher .*http:\/\/127\.0\.0\.1:\d+/);
    expect(banner).toMatch(/super administrator\s+admin@demo\.rrp\.local \/ 13800000001\s+password: \S{12}/);
    const url = banner.match(/running at (http:\/\/\S+)/)![1];
    const res = await fetch(`${url}/api/v1/rrp/country/list`, { method: 'POST' });
    expect((await res.json()).success).toBe(true);

    const second = start({});
    expect(await second.exited).toBe(1);
    expect(second.text()).toMatch(/is in use by another RRP Console process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'rrp.lock'))).toBe(false);

    const again = start({});
    const banner2 = await again.output(/Demo accounts \(password as printed at first start[\s\S]*platform staff.*\n/);
    expect(banner2).not.toMatch(/password: \S{12}/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);

  it('refuses to start on a bad setting and names it', async () => {
    const bad = start({ PORT: 'eighty', RRP_DATA_DIR: mkdtempSync(join(tmpdir(), 'rrp-bad-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.text()).toMatch(/Invalid configuration:\s+PORT/);
  }, 30_000);
});

describe.runIf(TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  it('share sessions, replay protection and the seed', async () => {
    const { constants, publicEncrypt, randomUUID } = await import('node:crypto');
    const { signedHeaders } = await import('@rrp/contracts');
    const pg = (await import('pg')).default;
    const base = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `rrp_p_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(base);
    dbUrl.pathname = `/${name}`;
    const env = { DATABASE_URL: dbUrl.toString(), RRP_TEST_CAPTCHA: 'abcd', RRP_ADMIN_PASSWORD: 'Demo#2026pass', SMTP_URL: 'smtp://127.0.0.1:9' };
    try {
      const a = start(env);
      const b = start(env);
      const [outA, outB] = await Promise.all([a.output(/platform staff.*\n/), b.output(/platform staff.*\n/)]);
      // exactly one of them seeded
      expect([outA, outB].filter((o) => o.includes('(first start)')).length).toBe(1);
      const urlA = outA.match(/running at (http:\/\/\S+)/)![1];
      const urlB = outB.match(/running at (http:\/\/\S+)/)![1];

      const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${url}/api/v1/rrp${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(
          (r) => r.json(),
        );
      const { keyId, publicKey } = (await post(urlA, '/user/publicKey', {})).obj;
      const enc = (s: string) =>
        publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(s)).toString('base64');
      const key = randomUUID();
      await fetch(`${urlB}/api/v1/rrp/captcha/generator/${key}`); // captcha made on B, used on A
      const login = await post(urlA, '/user/login', { name: enc('admin@demo.rrp.local'), password: enc('Demo#2026pass'), key, pictureCaptcha: 'abcd', keyId });
      expect(login.success).toBe(true);
      const { token, secretKey } = login.obj;

      const requestId = randomUUID();
      const body = '{}';
      const headers = await signedHeaders({ secretKey, token, method: 'POST', url: '/api/v1/rrp/account/query', body, timestamp: Date.now(), requestId });
      const onB = await fetch(`${urlB}/api/v1/rrp/account/query`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body }).then(
        (r) => r.json(),
      );
      expect(onB.obj.email).toBe('admin@demo.rrp.local');
      // the same request replayed against the other process is refused
      const replay = await fetch(`${urlA}/api/v1/rrp/account/query`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      }).then((r) => r.json());
      expect(replay.code).toBe(28003);

      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 90_000);
});
