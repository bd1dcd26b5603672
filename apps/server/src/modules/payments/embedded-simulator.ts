/**
 * The embedded default: outside production and without WECHATPAY_BASE_URL, the server runs the
 * WeChat Pay simulator (apps/wechatpay-sim) as a child process on the same data directory, so
 * payments work out of the box. A simulator already answering on the port with our key set
 * (e.g. `npm run wechatpay-sim`) is reused; a port held by anything else moves ours to a free one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type EmbeddedSimulator = {
  /** e.g. http://127.0.0.1:8089 */
  url: string;
  /** an already running simulator was reused (stop leaves it running) */
  reused: boolean;
  stop(): Promise<void>;
};

export type EmbeddedSimulatorOptions = {
  dataDir: string;
  port: number;
  /** our platform public key id: a simulator with another key set is not reused */
  platformPublicKeyId: string;
  env?: NodeJS.ProcessEnv;
  /** how long to wait for the child to answer /healthz (default 20 s) */
  startTimeoutMs?: number;
};

const SIM_DIR = new URL('../../../../wechatpay-sim/', import.meta.url);

/** How to run the simulator: from its sources when this server runs from its own (tsx), else its build. */
export function simulatorCommand(): string[] | null {
  const source = fileURLToPath(new URL('src/main.ts', SIM_DIR));
  if (import.meta.url.endsWith('.ts') && existsSync(source)) {
    try {
      const tsx = createRequire(import.meta.url).resolve('tsx');
      return ['--import', pathToFileURL(tsx).href, source];
    } catch {
      // no tsx here: the build, if there is one
    }
  }
  const built = fileURLToPath(new URL('dist/main.js', SIM_DIR));
  return existsSync(built) ? [built] : null;
}

type Probe = { kind: 'free' } | { kind: 'ours' } | { kind: 'taken' };

async function probe(port: number, platformPublicKeyId: string): Promise<Probe> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json().catch(() => null)) as { service?: string; platform_public_key_id?: string } | null;
    return body?.service === 'wechatpay-sim' && body.platform_public_key_id === platformPublicKeyId ? { kind: 'ours' } : { kind: 'taken' };
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? { kind: 'free' } : { kind: 'taken' };
  }
}

function waitForReady(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`the WeChat Pay simulator did not start within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: { type?: string; url?: string; code?: string; message?: string }) => {
      if (m?.type === 'ready' && m.url) done(null, m.url);
      if (m?.type === 'error') done(Object.assign(new Error(`the WeChat Pay simulator failed: ${m.message}`), { code: m.code }));
    };
    const onExit = (code: number | null) => done(new Error(`the WeChat Pay simulator exited (${code}) before it was ready`));
    function done(err: Error | null, url?: string) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(url as string);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function healthy(url: string, timeoutMs: number): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`the WeChat Pay simulator at ${url} does not answer /healthz`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts (or reuses) the simulator; null when it is not built (the reason is in `warn`). The
 * child stops with this process: on stop(), on exit, and by itself when the IPC channel closes.
 */
export async function startEmbeddedSimulator(o: EmbeddedSimulatorOptions, warn: (msg: string) => void = () => {}): Promise<EmbeddedSimulator | null> {
  const found = await probe(o.port, o.platformPublicKeyId);
  if (found.kind === 'ours') return { url: `http://127.0.0.1:${o.port}`, reused: true, stop: async () => {} };
  const command = simulatorCommand();
  if (!command) {
    warn('The WeChat Pay simulator is not built (npm run build): payments are unavailable until WECHATPAY_BASE_URL points at one.');
    return null;
  }
  if (found.kind === 'taken') warn(`Port ${o.port} (WECHATPAY_SIM_PORT) is in use by something else: the WeChat Pay simulator takes a free port.`);
  const timeoutMs = o.startTimeoutMs ?? 20_000;

  const launch = async (port: number) => {
    const child = spawn(process.execPath, command, {
      env: { ...(o.env ?? process.env), RRP_DATA_DIR: o.dataDir, WECHATPAY_SIM_PORT: String(port), WECHATPAY_SIM_QUIET: '1' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    try {
      const url = await waitForReady(child, timeoutMs);
      await healthy(url, timeoutMs);
      return { child, url };
    } catch (e) {
      await stopChild(child);
      throw e;
    }
  };

  let started: { child: ChildProcess; url: string };
  try {
    started = await launch(found.kind === 'free' ? o.port : 0);
  } catch (e) {
    // someone took the port between the probe and the start
    if ((e as { code?: string }).code !== 'EADDRINUSE') throw e;
    warn(`Port ${o.port} (WECHATPAY_SIM_PORT) is in use: the WeChat Pay simulator takes a free port.`);
    started = await launch(0);
  }
  const { child, url } = started;
  return { url, reused: false, stop: () => stopChild(child) };
}
