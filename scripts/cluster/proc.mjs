// Processes for the local cluster: commands that run to the end, long-running daemons whose pid
// outlives this process (--detach), and the waits in between.
import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { createConnection } from 'node:net';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs a command to its end; rejects with its output when it fails. */
export function run(cmd, args, { env, cwd, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { env: env ?? process.env, cwd, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} ${args.join(' ')} failed (${err.code ?? err.signal}):\n${stderr || stdout}`));
      else {
        if (!quiet) process.stdout.write(stdout);
        resolve(stdout);
      }
    });
  });
}

/** A system daemon's program: /usr/sbin is not on every PATH. */
export const sbin = (name) => (existsSync(`/usr/sbin/${name}`) ? `/usr/sbin/${name}` : name);

/** Whether `cmd` succeeds (exit status 0). */
export const succeeds = (cmd, args) =>
  run(cmd, args).then(
    () => true,
    () => false,
  );

/**
 * Starts a long-running process in its own process group with its output appended to `logFile`,
 * not tied to this process: it keeps running when we exit (--detach) and is stopped by pid.
 */
export function daemon(cmd, args, { env, logFile, onExit } = {}) {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, { env: env ?? process.env, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  child.on('exit', (code, signal) => onExit?.(code, signal));
  child.on('error', (e) => onExit?.(e.message, null));
  child.unref();
  return child;
}

export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** SIGTERM (or `sig`), then SIGKILL to its whole process group after `graceMs`; resolves when it is gone. */
export async function terminate(pid, { sig = 'SIGTERM', graceMs = 5000 } = {}) {
  if (!alive(pid)) return;
  signal(pid, sig);
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (!alive(pid)) return;
  signal(-pid, 'SIGKILL');
  signal(pid, 'SIGKILL');
  while (alive(pid)) await sleep(50);
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function listening(port) {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

/** Polls `check` (async, truthy when done) until it holds; `failed()` may return a reason to stop early. */
export async function waitFor(what, check, { timeoutMs = 60_000, everyMs = 200, failed } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = failed?.();
    if (why) throw new Error(`${what}: ${why}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

/** GET `url`: its status, or 0 when nothing answers. */
export async function httpStatus(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
