import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type RowLimits, readRows } from './rows.js';

// The upload worker: reads one import file and answers with its rows or the refusal's code.
// On Linux a thread has its own nice value and pid 0 names the calling thread: the lowest
// priority lets the event loop that serves every request take the CPU first on a busy machine.
try {
  setPriority(0, 19);
} catch {
  // not permitted here: the worker still runs, at the normal priority
}
const { file, limits } = workerData as { file: Uint8Array; limits: RowLimits };
readRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength), limits).then(
  (result) => parentPort?.postMessage(result),
  () => parentPort?.postMessage({ ok: false, code: 23005 }),
);
