import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The first worker's port; worker n uses BASE + 10·n, so parallel workers never share one. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ADMIN_PASSWORD = 'Demo#2026pass';
export const E2E_OPS_PASSWORD = 'Ops#2026pass';

/** The ports of worker `index`'s server: the app, its mail catcher (page, SMTP) and its WeChat Pay simulator. */
export function portsOf(index: number) {
  const app = E2E_BASE_PORT + index * 10;
  return { app, mailHttp: app - 7000, mailSmtp: app - 7100, wechatpay: app - 6900 };
}

/** This worker's index (Playwright sets it in each worker process). */
export const workerIndex = () => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** The mail catcher of this worker's server. */
export const mailUrl = () => `http://127.0.0.1:${portsOf(workerIndex()).mailHttp}`;

export type E2eServer = { baseURL: string; stop(): Promise<void> };

/**
 * Starts the built server for one worker on a fresh embedded database of its own, seeded with
 * the demo company: the flows of different workers never see each other's data, so they run in
 * parallel. Resolves once the server answers.
 */
export async function startServer(index: number): Promise<E2eServer> {
  const ports = portsOf(index);
  const dataDir = `/tmp/rrp-e2e-data-${ports.app}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(ports.app),
      HOST: '127.0.0.1',
      RRP_DATA_DIR: dataDir,
      RRP_TEST_CAPTCHA: 'abcd',
      RRP_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      RRP_OPS_PASSWORD: E2E_OPS_PASSWORD,
      RRP_MAILCATCHER_HTTP_PORT: String(ports.mailHttp),
      RRP_MAILCATCHER_SMTP_PORT: String(ports.mailSmtp),
      // the embedded WeChat Pay simulator on a port of this server's own (notifications go to it)
      WECHATPAY_SIM_PORT: String(ports.wechatpay),
      LOG_LEVEL: 'warn',
      // no demo operator platform: a test adds the accounts it needs
      RRP_DEMO_PLATFORMS: 'off',
      // the developer flow's webhook receiver listens on loopback, over http (docs/webhooks.md)
      RRP_WEBHOOK_ALLOW_PRIVATE: 'true',
      RRP_WEBHOOK_ALLOW_HTTP: 'true',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
    process.stderr.write(`[e2e server ${ports.app}] ${d}`);
  });
  const baseURL = `http://127.0.0.1:${ports.app}`;
  await waitUntilUp(child, `${baseURL}/api/docs/json`, () => stderr);
  return { baseURL, stop: () => stop(child) };
}

async function waitUntilUp(child: ChildProcess, url: string, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with ${child.exitCode}: ${stderr()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop(child);
  throw new Error(`the e2e server did not answer ${url} within 90 s: ${stderr()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
