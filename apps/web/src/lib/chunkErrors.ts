/**
 * Recognises a failed download of a lazily loaded chunk: the network dropped, or a new deploy
 * replaced the files the running page refers to. Browsers word it differently.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|chunk loading timed out|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** Resolves when the browser reports it is online (at once if it is), or after `maxMs`. */
export function whenOnline(maxMs: number): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    window.addEventListener('online', done);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `load` again after a chunk failure: waits for the network when the browser is offline,
 * otherwise backs off (`delaysMs`). Other errors are not retried.
 */
export async function withChunkRetry<T>(load: () => Promise<T>, delaysMs: readonly number[] = [800, 2500]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error) || attempt >= delaysMs.length) throw error;
      await whenOnline(30_000);
      await sleep(delaysMs[attempt]);
    }
  }
}

let retryEpoch = 0;

/** Counts the error boundaries' retries: a lazy page whose download failed starts afresh at the next one. */
export function chunkRetryEpoch(): number {
  return retryEpoch;
}

export function retryFailedChunks(): void {
  retryEpoch++;
}
