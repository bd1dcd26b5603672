import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.js';

describe('PGlite data directory lock', () => {
  it('refuses a second holder with a message that says what to do', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rrp-lock-'));
    // a live process (our parent) already holds it
    writeFileSync(join(dir, 'rrp.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another RRP Console process .*DATABASE_URL/);
  });

  it('takes over a lock left by a process that is gone, and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rrp-lock-'));
    writeFileSync(join(dir, 'rrp.lock'), '999999');
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'rrp.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'rrp.lock'))).toBe(false);
  });
});
