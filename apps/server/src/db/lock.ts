import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: the first process holds `<dir>/rrp.lock` with its pid; a second one is
 * refused. A lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'rrp.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(file);
        } catch {}
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another RRP Console process (pid ${pid}). ` +
            'The embedded database allows one process: stop the other one, choose another RRP_DATA_DIR, ' +
            'or use PostgreSQL (DATABASE_URL) to run several processes.',
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
