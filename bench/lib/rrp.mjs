// Our server as a process: start it on a fresh database, sign in over HTTP, make signed calls.
import { constants, publicEncrypt, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENTRY } from './paths.mjs';
import { freePort, startNode } from './proc.mjs';
import { signedHeaders } from './signing.mjs';

export const API = '/api/v1/rrp';
export const ADMIN = { email: 'admin@demo.rrp.local', password: 'Demo#2026pass' };
export const TEST_CAPTCHA = 'abcd';

/** Starts apps/server/dist/server.js on `databaseUrl` (seeded on first start). Returns { base, proc, stop() }. */
export async function startOurServer(databaseUrl, { nodeArgs = [], env = {} } = {}) {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build the server first (npm run build -w @rrp/server)`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rrp-bench-data-'));
  const base = `http://127.0.0.1:${port}`;
  const proc = await startNode(SERVER_ENTRY, {
    nodeArgs,
    env: {
      // the server's default; set explicitly because a Vite build in this process sets production
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      RRP_TEST_CAPTCHA: TEST_CAPTCHA,
      RRP_ADMIN_PASSWORD: ADMIN.password,
      RRP_JOBS: 'off',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://127.0.0.1:9',
      RRP_DATA_DIR: dataDir,
      ...env,
    },
    readyUrl: `${base}${API}/user/publicKey`,
  }).catch((e) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  return {
    base,
    proc,
    async stop() {
      const r = await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
      return r;
    },
  };
}

async function json(res) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${res.url}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/** Signs in as a browser does: RSA-OAEP(SHA-256) fields, a captcha for a client-made UUID, then login. */
export async function signIn(base, { email, password } = ADMIN) {
  const pk = await json(await fetch(`${base}${API}/user/publicKey`, { method: 'POST' }));
  if (!pk.success) throw new Error(`publicKey: ${JSON.stringify(pk)}`);
  const enc = (s) => publicEncrypt({ key: pk.obj.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(s)).toString('base64');
  const key = randomUUID();
  const cap = await fetch(`${base}${API}/captcha/generator/${key}`);
  await cap.arrayBuffer();
  if (cap.status !== 200) throw new Error(`captcha: HTTP ${cap.status}`);
  const login = await json(
    await fetch(`${base}${API}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: enc(email), password: enc(password), key, pictureCaptcha: TEST_CAPTCHA, keyId: pk.obj.keyId }),
    }),
  );
  if (!login.success) throw new Error(`login: ${JSON.stringify(login)}`);
  return { token: login.obj.token, secretKey: login.obj.secretKey };
}

/** One signed POST with a JSON body; returns the parsed envelope. */
export async function signedPost(base, session, path, body = {}) {
  const raw = JSON.stringify(body);
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedHeaders({ ...session, method: 'POST', url: path, body: raw }) },
    body: raw,
  });
  return json(res);
}
