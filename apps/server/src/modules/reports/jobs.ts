import { effectivePermissions, type Locale, normalizeLocale, type ReportFrequency, type ReportKind, type ReportPeriod } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Narrow, Row } from '../../db/row.js';
import { withinSubtree } from '../../db/subtree.js';
import type { JobHandler, Periodic } from '../../jobs/runner.js';
import { type EmailJob, enqueueEmails } from '../../mail/outbox.js';
import type { MailAttachment } from '../../mail/transport.js';
import { buildReport, type ReportOptions } from './build.js';
import { nextRunAt } from './schedule.js';
import { reportWindow } from './window.js';
import { reportFileName, reportXlsx, XLSX_TYPE } from './workbook.js';

export const REPORT_SUBSCRIPTIONS_JOB = 'report.subscriptions';
const EVERY_MS = 60_000;
/** due subscriptions claimed per transaction */
const CLAIM = 200;

type Due = Narrow<
  Row<'report_subscriptions', 'id' | 'report' | 'frequency' | 'period' | 'company_id'>,
  { report: ReportKind; frequency: ReportFrequency; period: ReportPeriod }
> &
  As<'companies', { company_name: 'name' }> &
  Row<'users', 'email' | 'locale'> &
  Row<'companies', 'billing'> & { allowed: boolean; perms: string[] | null };

/**
 * Sends the due subscriptions: claims them (FOR UPDATE SKIP LOCKED, so concurrent runners split
 * the work), moves each one's next run forward and queues its e-mail in the same transaction, so
 * a subscription sends once per run time. The report is attached when the e-mail goes out (the
 * `report` attachment). A member who is no longer enabled, lost OPERATION_REPORT or no longer
 * reaches the company (moved, company disabled) gets nothing: the subscription is dropped.
 */
export async function sendDueSubscriptions(database: Database, now = Date.now()): Promise<{ sent: number; dropped: number }> {
  let sent = 0;
  let dropped = 0;
  for (;;) {
    const n = await database.db.transaction(async (tx) => {
      const due = await database.rows<Due>(
        sql`SELECT s.id, s.report, s.frequency, s.period, s.company_id, c.name AS company_name, u.email, u.locale, uc.billing,
                   (u.kind = 'member' AND u.state = 'enabled' AND uc.state <> 'disabled' AND c.state <> 'disabled'
                    AND ${withinSubtree(sql`c.path`, sql`uc.path`)}) AS allowed,
                   (SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.permissions) AS p
                    WHERE ur.user_id = u.id) AS perms
            FROM report_subscriptions s
            JOIN users u ON u.id = s.user_id
            JOIN companies c ON c.id = s.company_id
            JOIN companies uc ON uc.id = u.company_id
            WHERE s.next_run_at <= ${new Date(now).toISOString()}::timestamptz
            ORDER BY s.next_run_at LIMIT ${CLAIM}
            FOR UPDATE OF s SKIP LOCKED`,
        tx,
      );
      if (due.length === 0) return 0;
      const keep = due.filter((d) => d.allowed && effectivePermissions(d.perms ?? [], d.billing === 'parent' ? 1 : 0).includes('OPERATION_REPORT'));
      const drop = due.filter((d) => !keep.includes(d)).map((d) => d.id);
      if (drop.length) await database.rows(sql`DELETE FROM report_subscriptions WHERE id = ANY(${`{${drop.join(',')}}`}::uuid[])`, tx);
      for (const d of keep) {
        await database.rows(
          sql`UPDATE report_subscriptions SET next_run_at = ${nextRunAt(d.frequency, now).toISOString()}::timestamptz,
                last_sent_at = ${new Date(now).toISOString()}::timestamptz WHERE id = ${d.id}`,
          tx,
        );
      }
      const mails: EmailJob[] = keep.map((d) => ({
        to: d.email,
        locale: normalizeLocale(d.locale),
        template: { kind: 'report', report: d.report, period: d.period, frequency: d.frequency, companyName: d.company_name },
        attachments: [{ kind: 'report', report: d.report, period: d.period, companyId: d.company_id }],
      }));
      await enqueueEmails(database, tx, mails);
      sent += keep.length;
      dropped += drop.length;
      return due.length;
    });
    if (n < CLAIM) break;
  }
  return { sent, dropped };
}

/**
 * The outbox's reader of report attachments: the report computed when the e-mail goes out, in
 * the e-mail's language, the same workbook as the export (null when the company is gone).
 */
export const reportAttachments =
  (database: Database, options: ReportOptions) =>
  async (ref: { report: ReportKind; period: ReportPeriod; companyId: string }, locale: Locale): Promise<MailAttachment | null> => {
    const [company] = await database.rows<Row<'companies', 'id' | 'name'>>(sql`SELECT id, name FROM companies WHERE id = ${ref.companyId}`);
    if (!company) return null;
    const report = await buildReport(database, ref.report, company, reportWindow(ref.period), options);
    return { filename: reportFileName(report, locale), content: await reportXlsx(report, locale), contentType: XLSX_TYPE };
  };

export const reportJobs = ({ database }: { database: Database }): { handlers: Record<string, JobHandler>; periodic: Periodic[] } => ({
  handlers: {
    [REPORT_SUBSCRIPTIONS_JOB]: async () => {
      await sendDueSubscriptions(database);
    },
  },
  periodic: [{ name: REPORT_SUBSCRIPTIONS_JOB, everyMs: EVERY_MS }],
});
