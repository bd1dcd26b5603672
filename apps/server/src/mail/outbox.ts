import type { Locale, ReportKind, ReportPeriod } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import type { MailTemplate } from './templates.js';

/** A file sent with an e-mail, read from where it is kept when the e-mail goes out (not copied into the outbox). */
export type AttachmentRef =
  | { kind: 'invoice-file'; invoiceId: string }
  /** an operation report as xlsx, computed when the e-mail goes out (modules/reports) */
  | { kind: 'report'; report: ReportKind; period: ReportPeriod; companyId: string };

export type EmailJob = { to: string; locale: Locale; template: MailTemplate; attachments?: AttachmentRef[] };

/** Queues an e-mail in the same transaction as the change that causes it. */
export async function enqueueEmail(database: Database, tx: Tx, job: EmailJob): Promise<void> {
  await database.rows(sql`INSERT INTO jobs (name, payload, max_attempts) VALUES ('email.send', ${JSON.stringify(job)}::jsonb, 8)`, tx);
}

/** Queues e-mails in one statement (in the order given), in the transaction of the change that causes them. */
export async function enqueueEmails(database: Database, tx: Tx, jobs: EmailJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await database.rows(
    sql`INSERT INTO jobs (name, payload, max_attempts)
        SELECT 'email.send', j.p, 8 FROM jsonb_array_elements(${JSON.stringify(jobs)}::jsonb) WITH ORDINALITY AS j(p, n) ORDER BY j.n`,
    tx,
  );
}
