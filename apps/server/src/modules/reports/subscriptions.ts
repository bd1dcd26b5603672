import { REPORT_LIMITS, type ReportFrequency, type ReportKind, type ReportPeriod, type TReportSubscription } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Count, Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { reportCompany } from './company.js';
import { nextRunAt } from './schedule.js';

type SubscriptionRow = Narrow<
  Row<'report_subscriptions', 'id' | 'report' | 'frequency' | 'period' | 'company_id' | 'next_run_at' | 'last_sent_at' | 'created_at'>,
  { report: ReportKind; frequency: ReportFrequency; period: ReportPeriod }
> &
  As<'companies', { company_name: 'name' }> &
  Row<'users', 'email'>;

const iso = (v: string) => new Date(v).toISOString();
const toSubscription = (r: SubscriptionRow): TReportSubscription => ({
  id: r.id,
  report: r.report,
  frequency: r.frequency,
  period: r.period,
  companyId: r.company_id,
  companyName: r.company_name,
  email: r.email,
  nextRunAt: iso(r.next_run_at),
  lastSentAt: r.last_sent_at === null ? null : iso(r.last_sent_at),
  createdAt: iso(r.created_at),
});

const SELECT = sql`SELECT s.id, s.report, s.frequency, s.period, s.company_id, c.name AS company_name, u.email, s.next_run_at, s.last_sent_at, s.created_at
  FROM report_subscriptions s JOIN companies c ON c.id = s.company_id JOIN users u ON u.id = s.user_id`;

/** The caller's own subscriptions (to reports of companies of its scope), oldest first. */
export async function listSubscriptions(database: Database, ctx: { userId: string; scope: TenantScope }): Promise<TReportSubscription[]> {
  const rows = await database.rows<SubscriptionRow>(
    sql`${SELECT} WHERE s.user_id = ${ctx.userId} AND ${ctx.scope.owns(sql`s.company_id`)} ORDER BY s.created_at, s.id`,
  );
  return rows.map(toSubscription);
}

/**
 * Subscribes the caller to a report of their company or a sub-company, sent to their e-mail
 * address: at most REPORT_LIMITS.subscriptionsPerMember (37003), the same one twice refused
 * (37002). The member's row is locked so concurrent adds cannot pass the limit together.
 */
export async function addSubscription(
  database: Database,
  ctx: { userId: string; scope: TenantScope; actor: Actor },
  body: { report: ReportKind; frequency: ReportFrequency; period: ReportPeriod; companyId?: string },
  now = Date.now(),
): Promise<TReportSubscription> {
  const company = await reportCompany(database, ctx.scope, body.companyId);
  return database.db.transaction(async (tx) => {
    await database.rows(sql`SELECT id FROM users WHERE id = ${ctx.userId} FOR UPDATE`, tx);
    const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM report_subscriptions WHERE user_id = ${ctx.userId} AND ${ctx.scope.owns()}`, tx);
    if (n.n >= REPORT_LIMITS.subscriptionsPerMember) throw new AppError(37003, { params: { max: REPORT_LIMITS.subscriptionsPerMember } });
    const [ins] = await database.rows<Row<'report_subscriptions', 'id'>>(
      sql`INSERT INTO report_subscriptions (company_id, user_id, report, frequency, period, next_run_at)
          VALUES (${company.id}, ${ctx.userId}, ${body.report}, ${body.frequency}, ${body.period}, ${nextRunAt(body.frequency, now).toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING id`,
      tx,
    );
    if (!ins) throw new AppError(37002);
    await recordAudit(database, tx, ctx.actor, {
      action: 'report.subscribe',
      companyId: ctx.scope.companyId,
      targetType: 'report_subscription',
      targetId: ins.id,
      targetLabel: `${body.report} · ${body.period} · ${body.frequency} · ${company.name}`,
      changes: { report: [null, body.report], period: [null, body.period], frequency: [null, body.frequency], company: [null, company.name] },
    });
    const [row] = await database.rows<SubscriptionRow>(sql`${SELECT} WHERE s.id = ${ins.id} AND ${ctx.scope.owns(sql`s.company_id`)}`, tx);
    return toSubscription(row);
  });
}

/** Deletes one of the caller's subscriptions; another member's, or an unknown id, is not found (37001). */
export async function deleteSubscription(database: Database, ctx: { userId: string; scope: TenantScope; actor: Actor }, id: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [gone] = await database.rows<Row<'report_subscriptions', 'report' | 'period' | 'frequency'> & As<'companies', { company_name: 'name' }>>(
      sql`DELETE FROM report_subscriptions s USING companies c
          WHERE s.id = ${id} AND s.user_id = ${ctx.userId} AND ${ctx.scope.owns(sql`s.company_id`)} AND c.id = s.company_id
          RETURNING s.report, s.period, s.frequency, c.name AS company_name`,
      tx,
    );
    if (!gone) throw new AppError(37001, { field: 'id' });
    await recordAudit(database, tx, ctx.actor, {
      action: 'report.unsubscribe',
      companyId: ctx.scope.companyId,
      targetType: 'report_subscription',
      targetId: id,
      targetLabel: `${gone.report} · ${gone.period} · ${gone.frequency} · ${gone.company_name}`,
      changes: { report: [gone.report, null], period: [gone.period, null], frequency: [gone.frequency, null], company: [gone.company_name, null] },
    });
  });
}
