import { CERTIFICATION_GRANT, type Locale, type TOpsCertificationRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Count, Narrow, Row } from '../../db/row.js';
import { enqueueEmail } from '../../mail/outbox.js';
import type { MailTemplate } from '../../mail/templates.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { companyLocale } from '../invitations/index.js';
import { grantLicenses, payerOf } from '../licenses/index.js';
import { type CertificationRow, opsRowOf, SUBMISSION } from './certification.js';
import { grantData } from './create-company.js';

type ReviewState = 'review' | 'verified' | 'rejected';

/** Submissions of one state (the queue: oldest first; decided ones: newest decision first), with the count of each state. */
export async function listCertifications(
  database: Database,
  q: { state: ReviewState; keyword?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TOpsCertificationRow[]; counts: Record<ReviewState, number> }> {
  const kw = q.keyword?.trim();
  const match: SQL = kw
    ? sql`(s.company_name ILIKE ${`%${kw}%`} OR c.name ILIKE ${`%${kw}%`} OR s.license_no ILIKE ${`%${kw}%`} OR s.contact_email ILIKE ${`%${kw}%`})`
    : sql`true`;
  const order = q.state === 'review' ? sql`s.submitted_at, s.id` : sql`s.reviewed_at DESC NULLS LAST, s.id DESC`;
  const [rows, counts] = await Promise.all([
    database.rows<CertificationRow>(
      sql`${SUBMISSION} WHERE s.state = ${q.state} AND ${match} ORDER BY ${order} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
    database.rows<Narrow<Row<'certifications', 'state'>, { state: ReviewState }> & Count>(
      sql`SELECT s.state, count(*)::int AS n FROM certifications s JOIN companies c ON c.id = s.company_id WHERE ${match} GROUP BY s.state`,
    ),
  ]);
  const byState: Record<ReviewState, number> = { review: 0, verified: 0, rejected: 0 };
  for (const c of counts) byState[c.state] = c.n;
  return { total: byState[q.state], list: rows.map(opsRowOf), counts: byState };
}

export async function certificationDetail(database: Database, id: string): Promise<TOpsCertificationRow> {
  const [r] = await database.rows<CertificationRow>(sql`${SUBMISSION} WHERE s.id = ${id}`);
  if (!r) throw new AppError(30030, { field: 'id' });
  return opsRowOf(r);
}

type Decided = Row<'certifications', 'company_id' | 'company_name' | 'contact_email' | 'submitted_by'>;

/**
 * Moves a submission out of review with a conditional UPDATE: of two decisions on the same
 * submission (a second click, two staff members at once), the second finds it no longer under
 * review and changes nothing (30013); an unknown id is 30030.
 */
async function decide(database: Database, tx: Tx, id: string, actor: Actor, to: 'verified' | 'rejected', reason: string | null): Promise<Decided> {
  const [d] = await database.rows<Decided>(
    sql`UPDATE certifications SET state = ${to}, reviewed_by = ${actor.id}, reviewed_at = now(), reject_reason = ${reason}
        WHERE id = ${id} AND state = 'review'
        RETURNING company_id, company_name, contact_email, submitted_by`,
    tx,
  );
  if (d) {
    await database.rows(sql`UPDATE companies SET certification = ${to}, updated_at = now() WHERE id = ${d.company_id}`, tx);
    return d;
  }
  const [exists] = await database.rows(sql`SELECT 1 FROM certifications WHERE id = ${id}`, tx);
  throw exists ? new AppError(30013) : new AppError(30030, { field: 'id' });
}

/** The customer hears of the decision: the member who submitted and the company e-mail of the form. */
async function tellCustomer(database: Database, tx: Tx, d: Decided, template: MailTemplate): Promise<void> {
  const locale: Locale = await companyLocale(database, tx, d.company_id, 'zh-CN');
  const [submitter] = d.submitted_by
    ? await database.rows<Row<'users', 'email'>>(sql`SELECT email FROM users WHERE id = ${d.submitted_by} AND state <> 'deleted'`, tx)
    : [];
  const to = [...new Set([submitter?.email, d.contact_email].filter((m): m is string => !!m).map((m) => m.toLowerCase()))];
  for (const mail of to) await enqueueEmail(database, tx, { to: mail, locale, template });
}

/**
 * Approves a submission: the company is verified and the company that pays for it (itself, or
 * the parent it bills to) receives 50 Licenses and 5G in its data pool, in the same
 * transaction as the state change, so exactly once.
 */
export async function approveCertification(database: Database, ctx: { actor: Actor; publicUrl: string }, id: string): Promise<null> {
  await database.db.transaction(async (tx) => {
    const d = await decide(database, tx, id, ctx.actor, 'verified', null);
    const payer = await payerOf(database, d.company_id, tx);
    await grantLicenses(database, tx, payer.id, CERTIFICATION_GRANT.licenses, 'certification', id);
    await grantData(database, tx, payer.id, CERTIFICATION_GRANT.dataMb, 'certification', id);
    await recordAudit(database, tx, ctx.actor, {
      action: 'certification.approve',
      companyId: d.company_id,
      targetType: 'certification',
      targetId: id,
      targetLabel: d.company_name,
      changes: { state: ['review', 'verified'], licenses: [null, CERTIFICATION_GRANT.licenses], dataMb: [null, CERTIFICATION_GRANT.dataMb] },
    });
    await tellCustomer(database, tx, d, {
      kind: 'certification-approved',
      companyName: d.company_name,
      licenses: CERTIFICATION_GRANT.licenses,
      dataGb: CERTIFICATION_GRANT.dataMb / 1024,
      link: `${ctx.publicUrl}/account`,
    });
  });
  return null;
}

/** Rejects a submission with the reason the customer reads; they may correct it and submit again. */
export async function rejectCertification(database: Database, ctx: { actor: Actor; publicUrl: string }, body: { id: string; reason: string }): Promise<null> {
  await database.db.transaction(async (tx) => {
    const d = await decide(database, tx, body.id, ctx.actor, 'rejected', body.reason);
    await recordAudit(database, tx, ctx.actor, {
      action: 'certification.reject',
      companyId: d.company_id,
      targetType: 'certification',
      targetId: body.id,
      targetLabel: d.company_name,
      changes: { state: ['review', 'rejected'], reason: [null, body.reason] },
    });
    await tellCustomer(database, tx, d, {
      kind: 'certification-rejected',
      companyName: d.company_name,
      reason: body.reason,
      link: `${ctx.publicUrl}/account`,
    });
  });
  return null;
}
