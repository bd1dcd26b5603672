// Child processes for the benchmarks: start a Node script, wait until it answers HTTP, stop it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node [nodeArgs] script` with extra env and waits until `readyUrl` answers (any HTTP
 * status). Output is kept (last 64 KB) for error messages. Returns { child, output(), stop() }.
 */
export async function startNode(script, { env = {}, nodeArgs = [], readyUrl, readyTimeoutMs = 60_000, cwd } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk) => {
    out = (out + chunk.toString()).slice(-65_536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));

  const proc = {
    child,
    output: () => out,
    async stop(timeoutMs = 10_000) {
      if (exited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const r = await exit;
      clearTimeout(timer);
      return r;
    },
  };

  if (readyUrl) {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (exited) throw new Error(`${script} exited (${JSON.stringify(exited)}) before it was ready:\n${out}`);
      try {
        await fetch(readyUrl, { signal: AbortSignal.timeout(2000) });
        break;
      } catch {
        if (Date.now() > deadline) {
          await proc.stop();
          throw new Error(`${script} did not answer ${readyUrl} within ${readyTimeoutMs} ms:\n${out}`);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }
  return proc;
}
