import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Row } from '../db/row.js';
import { redactedMessage } from '../lib/error-redaction.js';

export type JobRow = Row<'jobs', 'id' | 'name' | 'payload' | 'attempts' | 'max_attempts'>;
export type JobHandler = (payload: never, job: JobRow) => Promise<void>;
export type Periodic = { name: string; everyMs: number };

const LOCK_MS = 60_000;

/**
 * Durable jobs in the `jobs` table. Each process polls, claims due rows with
 * FOR UPDATE SKIP LOCKED, runs them, and retries failures with exponential backoff.
 * Periodic jobs get one row per time slot (unique_key), so several processes run each slot once.
 */
export class JobRunner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  readonly worker = `${hostname()}:${process.pid}`;

  constructor(
    private readonly database: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly periodic: Periodic[],
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 1000,
  ) {}

  start(): void {
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      this.running = this.tick().then(
        () => undefined,
        (err) => this.log.error({ err }, 'job tick failed'),
      );
      await this.running;
      if (!this.stopped) this.timer = setTimeout(loop, this.pollMs);
    };
    this.timer = setTimeout(loop, 10);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Schedules the periodic slots that are due and runs every due job once. Returns jobs run. */
  async tick(): Promise<number> {
    const now = Date.now();
    for (const p of this.periodic) {
      const slot = Math.floor(now / p.everyMs);
      await this.database.rows(sql`
        INSERT INTO jobs (name, unique_key, max_attempts) VALUES (${p.name}, ${`${p.name}:${slot}`}, 1)
        ON CONFLICT DO NOTHING`);
    }
    let ran = 0;
    for (;;) {
      const claimed = await this.database.rows<JobRow>(sql`
        UPDATE jobs SET status = 'running', attempts = attempts + 1,
               locked_until = now() + ${`${LOCK_MS} milliseconds`}::interval
        WHERE id IN (
          SELECT id FROM jobs
          WHERE (status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now())
          ORDER BY run_at LIMIT 10 FOR UPDATE SKIP LOCKED)
        RETURNING id, name, payload, attempts, max_attempts`);
      if (claimed.length === 0) return ran;
      for (const job of claimed) {
        await this.runOne(job);
        ran++;
      }
    }
  }

  private async runOne(job: JobRow): Promise<void> {
    const handler = this.handlers[job.name];
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload as never, job);
      await this.database.rows(sql`UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL WHERE id = ${job.id}`);
    } catch (err) {
      const final = job.attempts >= job.max_attempts;
      const backoffMs = Math.min(2 ** job.attempts * 1000, 15 * 60_000);
      this.log.warn({ job: job.name, id: job.id, attempt: job.attempts, err: redactedMessage(err) }, 'job failed');
      await this.database.rows(sql`
        UPDATE jobs SET status = ${final ? 'failed' : 'queued'}, last_error = ${redactedMessage(err).slice(0, 1000)},
               run_at = now() + ${`${backoffMs} milliseconds`}::interval, locked_until = NULL,
               finished_at = ${final ? sql`now()` : sql`NULL`}
        WHERE id = ${job.id}`);
    }
  }
}
