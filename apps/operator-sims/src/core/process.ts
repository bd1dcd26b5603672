/**
 * Running a simulator as its own process (`npm run cc-sim`, `npm run onelink-sim`, or as a child
 * of the RRP server): numeric settings from the environment, stopping on a signal or when the
 * parent goes, and the parent told over IPC that it is ready or why it failed.
 */

/** A numeric environment variable; a bad value stops the process with a message naming it. */
export function numberVar(name: string, fallback: number, ok: (n: number) => boolean): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!ok(n)) {
    process.stderr.write(`Invalid configuration:\n  ${name}: ${JSON.stringify(raw)} is out of range\n`);
    process.exit(1);
  }
  return n;
}

/** Starts the simulator with `start` (which prints its banner) and keeps it running until told to stop. */
export function serve(name: string, portVar: string, start: () => Promise<{ url: string; close(): Promise<void> }>): void {
  start()
    .then((sim) => {
      let closing = false;
      const stop = async () => {
        if (closing) return;
        closing = true;
        await sim.close();
        process.exit(0);
      };
      process.on('SIGTERM', () => void stop());
      process.on('SIGINT', () => void stop());
      if (process.send) {
        process.on('disconnect', () => void stop());
        process.send({ type: 'ready', url: sim.url });
      }
    })
    .catch((err: NodeJS.ErrnoException) => {
      if (err?.code === 'EADDRINUSE') process.stderr.write(`${name}: the port is in use (${err.message}); set ${portVar}\n`);
      else process.stderr.write(`${name} failed to start: ${err?.stack ?? err}\n`);
      const message = { type: 'error', code: err?.code ?? 'ERROR', message: String(err?.message ?? err) };
      if (process.send) process.send(message, () => process.exit(1));
      else process.exit(1);
    });
}
