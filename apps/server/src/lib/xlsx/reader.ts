import { Worker } from 'node:worker_threads';
import { AppError } from '../../plugins/errors.js';
import { RateLimited } from '../rate-limits.js';
import type { RowLimits, RowsResult, SheetRow } from './rows.js';

export type { SheetRow };

/**
 * Import files (devices, ACs) are read in a worker thread with a heap cap and a deadline, so a
 * hostile workbook (a million cells in 2 MB, malformed XML) costs a worker, never the event loop
 * that serves every other tenant. At most `parallel` files are read at once per process, whatever
 * the import; a few more wait their turn and the rest are refused with 23017 (retry shortly).
 */
export const READER_LIMITS = {
  parallel: 2,
  queued: 6,
  heapMb: 96,
  deadlineMs: 20_000,
  cells: 200_000,
} as const;

// vitest and tsx run the sources, where the worker loads its TypeScript through tsx; the
// built server runs JavaScript
const fromSources = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSources ? './worker.ts' : './worker.js', import.meta.url);
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

function readInWorker(file: Buffer, limits: RowLimits): Promise<RowsResult> {
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
 * The data rows of an import file (the first `columns` cells of each, trimmed text), or the
 * refusal: 23005 not a real xlsx, 23006 over `rows`, 23016 too many cells or too costly to read,
 * 23017 too many files being read, 27004 no rows.
 */
export async function readSheet(file: Buffer, want: { columns: number; rows: number }): Promise<SheetRow[]> {
  const release = await slot();
  try {
    const result = await readInWorker(file, { ...want, cells: READER_LIMITS.cells });
    if (!result.ok) throw new AppError(result.code);
    return result.rows;
  } finally {
    release();
  }
}
