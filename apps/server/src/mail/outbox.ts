import type { Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import type { MailTemplate } from './templates.js';

export type EmailJob = { to: string; locale: Locale; template: MailTemplate };

/** Queues an e-mail in the same transaction as the change that causes it. */
export async function enqueueEmail(database: Database, tx: Tx, job: EmailJob): Promise<void> {
  await database.rows(sql`INSERT INTO jobs (name, payload, max_attempts) VALUES ('email.send', ${JSON.stringify(job)}::jsonb, 8)`, tx);
}
