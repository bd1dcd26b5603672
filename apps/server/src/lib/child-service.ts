/**
 * A helper service the server runs as a child process on the embedded default (the WeChat Pay
 * simulator, the operator platform simulators): found from its sources or its build, started with
 * an IPC channel over which it says it is ready, and stopped with this process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * How to run a service: from its sources when this server runs from its own (tsx), else its build;
 * null when neither is there. `dir` is the service's package directory, `source` and `built` its
 * entry paths within it.
 */
export function serviceCommand(dir: URL, source: string, built: string, selfUrl: string): string[] | null {
  const src = fileURLToPath(new URL(source, dir));
  if (selfUrl.endsWith('.ts') && existsSync(src)) {
    try {
      const tsx = createRequire(selfUrl).resolve('tsx');
      return ['--import', pathToFileURL(tsx).href, src];
    } catch {
      // no tsx here: the build, if there is one
    }
  }
  const dist = fileURLToPath(new URL(built, dir));
  return existsSync(dist) ? [dist] : null;
}

function waitForReady(child: ChildProcess, name: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`${name} did not start within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: { type?: string; url?: string; code?: string; message?: string }) => {
      if (m?.type === 'ready' && m.url) done(null, m.url);
      if (m?.type === 'error') done(Object.assign(new Error(`${name} failed: ${m.message}`), { code: m.code }));
    };
    const onExit = (code: number | null) => done(new Error(`${name} exited (${code}) before it was ready`));
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

async function healthy(url: string, name: string, timeoutMs: number): Promise<void> {
  const t0 = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`${name} at ${url} does not answer /healthz`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function stopChild(child: ChildProcess): Promise<void> {
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
 * Starts the service and waits until it says it is ready and answers /healthz. The child is
 * killed if this process exits first, and stops by itself when the IPC channel closes.
 */
export async function launchChild(o: {
  name: string;
  command: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, o.command, { env: o.env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  try {
    const url = await waitForReady(child, o.name, o.timeoutMs);
    await healthy(url, o.name, o.timeoutMs);
    return { child, url };
  } catch (e) {
    await stopChild(child);
    throw e;
  }
}

/** What answers on a local port: nothing, the service we expect (by its /healthz), or something else. */
export async function probePort(port: number, isOurs: (health: Record<string, unknown> | null) => boolean): Promise<'free' | 'ours' | 'taken'> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1500) });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return isOurs(body) ? 'ours' : 'taken';
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'free' : 'taken';
  }
}
