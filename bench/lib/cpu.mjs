// CPU accounting from /proc (Linux). Everything degrades to null elsewhere.
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used, or 0 when it is gone. */
export function processCpuSeconds(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return 0;
  }
}

/** PostgreSQL processes doing work for `dbName`: its backends plus the shared background processes. */
export function postgresPids(dbName) {
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  return pids.filter((pid) => {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // backends read "postgres: [cluster: ]user db host(port) state"; others are background workers
      const m = /^postgres: (?:\S+: )?(\S+) (\S+) \S+\(\d+\)/.exec(cmd);
      return !m || m[2] === dbName;
    } catch {
      return false;
    }
  });
}

/**
 * A meter: call it to start, call the returned function to get the CPU seconds used since by the
 * server process, PostgreSQL (per process, so backends that come and go are handled) and this process.
 */
export function cpuMeter(serverPid, dbName) {
  if (!processCpuSeconds(process.pid)) return () => () => null;
  return () => {
    const server0 = processCpuSeconds(serverPid);
    const pg0 = new Map(postgresPids(dbName).map((p) => [p, processCpuSeconds(p)]));
    const me0 = process.cpuUsage();
    return () => {
      const me = process.cpuUsage(me0);
      let postgres = 0;
      // a backend that exited meanwhile (idle pool connection closed) is left out: it was idle
      for (const p of postgresPids(dbName)) postgres += processCpuSeconds(p) - (pg0.get(p) ?? 0);
      return { server: processCpuSeconds(serverPid) - server0, postgres, loadgen: (me.user + me.system) / 1e6 };
    };
  };
}

/** Share of the machine's CPU busy over `ms` (0..1), or null without /proc/stat. */
export async function machineBusy(ms = 2000) {
  const read = () => {
    const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = v[3] + (v[4] ?? 0);
    return { idle, total: v.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = read();
    await new Promise((r) => setTimeout(r, ms));
    const b = read();
    return 1 - (b.idle - a.idle) / (b.total - a.total);
  } catch {
    return null;
  }
}
