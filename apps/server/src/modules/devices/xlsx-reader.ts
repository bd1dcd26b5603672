import { Worker } from 'node:worker_threads';
import { LIMITS } from '@rrp/contracts';
import { RateLimited } from '../../lib/rate-limits.js';
import { AppError } from '../../plugins/errors.js';
import type { ImportRow, RowLimits, RowsResult } from './xlsx-rows.js';

/**
 * Import files are read in a worker thread with a heap cap and a deadline, so a hostile
 * workbook (a million cells in 2 MB, malformed XML) costs a worker, never the event loop that
 * serves every other tenant. At most `parallel` files are read at once per process; a few more
 * wait their turn and the rest are refused with 23017 (retry shortly).
 */
export const READER_LIMITS = {
  parallel: 2,
  queued: 6,
  heapMb: 96,
  deadlineMs: 20_000,
  cells: 200_000,
} as const;

const limits: RowLimits = { rows: LIMITS.importMaxRows, cells: READER_LIMITS.cells };

// vitest and tsx run the sources, where the worker loads its TypeScript through tsx; the
// built server runs JavaScript
const fromSources = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSources ? './xlsx-worker.ts' : './xlsx-worker.js', import.meta.url);
const workerEntry = fromSources
  ? `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(workerUrl.href)}, ${JSON.stringify(import.meta.url)}))`
  : workerUrl;

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= READER_LIMITS.parallel) {
    if (waiting.length >= READER_LIMITS.queued) throw new RateLimited(23017, 5);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

function readInWorker(file: Buffer): Promise<RowsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry, {
      eval: fromSources,
      workerData: { file, limits },
      resourceLimits: { maxOldGenerationSizeMb: READER_LIMITS.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      fn();
    };
    const deadline = setTimeout(() => settle(() => resolve({ ok: false, code: 23016 })), READER_LIMITS.deadlineMs);
    worker.once('message', (result: RowsResult) => settle(() => resolve(result)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => (err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, code: 23016 }) : reject(err))),
    );
    worker.once('exit', () => settle(() => resolve({ ok: false, code: 23005 })));
  });
}

/**
 * The rows of an import file, or the refusal: 23005 not a real xlsx, 23006 over the row limit,
 * 23016 too many cells or too costly to read, 23017 too many files being read, 27004 no rows.
 */
export async function readImportFile(file: Buffer): Promise<ImportRow[]> {
  const release = await slot();
  try {
    const result = await readInWorker(file);
    if (!result.ok) throw new AppError(result.code);
    return result.rows;
  } finally {
    release();
  }
}
