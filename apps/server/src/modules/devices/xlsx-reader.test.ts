import { describe, expect, it } from 'vitest';
import { imeis, wideWorkbook, xlsx } from '../../../test/devices.js';
import { RateLimited } from '../../lib/rate-limits.js';
import { AppError } from '../../plugins/errors.js';
import { READER_LIMITS, readImportFile } from './xlsx-reader.js';

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: unknown) => (e instanceof AppError ? e.code : -1),
  );

/** The longest the event loop went without running a 5 ms timer while `work` ran. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  await work.catch(() => undefined);
  clearInterval(timer);
  return worst;
}

describe('import file reader (worker thread)', () => {
  it('reads IMEI and name from the first sheet, skipping the header and blank rows', async () => {
    const file = await xlsx([
      ['860000000000001', 'pump'],
      [null, null],
      ['860000000000002', null],
    ]);
    expect(await readImportFile(file)).toEqual([
      { row: 2, imei: '860000000000001', name: 'pump' },
      { row: 4, imei: '860000000000002', name: '' },
    ]);
  });

  it('refuses a file that is not a workbook (23005), an empty one (27004) and one over the row limit (23006)', async () => {
    expect(await codeOf(readImportFile(Buffer.from('IMEI\n860000000000001\n')))).toBe(23005);
    expect(await codeOf(readImportFile(await xlsx([])))).toBe(27004);
    expect(await codeOf(readImportFile(await xlsx(imeis('86001', 10_001).map((i) => [i]))))).toBe(23006);
  });

  it('stops a small file of a million cells at the cell limit (23016) without stalling the event loop', async () => {
    const file = await wideWorkbook(10_000, 110);
    expect(file.length).toBeLessThan(5 * 1024 * 1024);
    let code = 0;
    const stall = await longestStall(codeOf(readImportFile(file)).then((c) => (code = c)));
    expect(code).toBe(23016);
    // read in place, this file blocks the loop for seconds; in the worker only a timer's jitter remains
    expect(stall).toBeLessThan(250);
  });

  it(`reads ${READER_LIMITS.parallel} files at once, queues ${READER_LIMITS.queued} and refuses the rest with 23017 and Retry-After`, async () => {
    const file = await wideWorkbook(2_000, 20);
    const n = READER_LIMITS.parallel + READER_LIMITS.queued + 2;
    const outcomes = await Promise.all(
      Array.from({ length: n }, () =>
        readImportFile(file).then(
          () => 'read',
          (e: unknown) => e,
        ),
      ),
    );
    const refused = outcomes.filter((o) => o instanceof RateLimited);
    expect(refused).toHaveLength(2);
    expect((refused[0] as RateLimited).code).toBe(23017);
    expect((refused[0] as RateLimited).retryAfterS).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === 'read')).toHaveLength(n - 2);
    // eight workbooks of 40,000 cells through two worker threads: seconds on a busy 2-core machine
  }, 90_000);
});
