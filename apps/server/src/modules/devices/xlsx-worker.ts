import { parentPort, workerData } from 'node:worker_threads';
import { type RowLimits, readRows } from './xlsx-rows.js';

// The upload worker: reads one import file and answers with its rows or the refusal's code.
const { file, limits } = workerData as { file: Uint8Array; limits: RowLimits };
readRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength), limits).then(
  (result) => parentPort?.postMessage(result),
  () => parentPort?.postMessage({ ok: false, code: 23005 }),
);
