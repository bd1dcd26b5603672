// Shared pieces of the device benchmarks: an autocannon run with per-request signing, memory
// readings from /proc, and a timer.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { quantile } from './stats.mjs';

/**
 * One autocannon run of POST `path` with `body`; `headers()` (optional) gives fresh signed
 * headers per request; `setup(req)` (optional) replaces the request wholesale. p50/p99 are from every 2xx response's own timing.
 */
export function load(url, { path, body, seconds, connections, headers, setup, method = 'POST' }) {
  const times = [];
  return new Promise((resolve, reject) => {
    const request = { method, path, body, headers: { 'content-type': 'application/json' } };
    if (setup) request.setupRequest = setup;
    else if (headers) request.setupRequest = (req) => ({ ...req, headers: { ...req.headers, ...headers() } });
    const inst = autocannon({ url, connections, duration: seconds, requests: [request], timeout: 60 }, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: r['2xx'] / (r.duration || seconds),
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        ok: r['2xx'],
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
    inst.on('response', (_c, status, _b, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
export function memory(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? Number.NaN);
  return { rssMiB: kb('VmRSS') / 1024, hwmMiB: kb('VmHWM') / 1024 };
}

/** Milliseconds an async function takes, and its result. */
export async function timed(fn) {
  const t0 = performance.now();
  const result = await fn();
  return { ms: performance.now() - t0, result };
}
