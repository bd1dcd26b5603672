import type { TOpsFeedbackRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Count, Nullable, Row } from '../../db/row.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';

type FeedbackRow = Row<'feedback', 'id' | 'text' | 'source' | 'company_id' | 'created_at' | 'handled_at'> &
  Nullable<As<'companies', { company_name: 'name' }> & As<'users', { member_name: 'name'; member_mail: 'email'; handled_by: 'name' }>>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The feedback inbox: every company's feedback, unhandled first, newest first. */
export async function listFeedback(
  database: Database,
  f: { handled?: boolean; keyword?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TOpsFeedbackRow[] }> {
  const parts: SQL[] = [];
  if (f.handled === true) parts.push(sql`f.handled_at IS NOT NULL`);
  if (f.handled === false) parts.push(sql`f.handled_at IS NULL`);
  if (f.keyword) {
    const k = like(f.keyword);
    parts.push(sql`(f.text ILIKE ${k} OR c.name ILIKE ${k} OR u.name ILIKE ${k} OR u.email ILIKE ${k})`);
  }
  const where = parts.length ? sql.join(parts, sql` AND `) : sql`true`;
  const from = sql`feedback f LEFT JOIN companies c ON c.id = f.company_id LEFT JOIN users u ON u.id = f.user_id
                   LEFT JOIN users h ON h.id = f.handled_by`;
  const [c] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`);
  const rows = await database.rows<FeedbackRow>(
    sql`SELECT f.id, f.text, f.source, f.company_id, c.name AS company_name, u.name AS member_name, u.email AS member_mail,
               f.created_at, f.handled_at, h.name AS handled_by
        FROM ${from} WHERE ${where}
        ORDER BY (f.handled_at IS NULL) DESC, f.created_at DESC, f.id DESC
        OFFSET ${(f.pageNum - 1) * f.pageSize} LIMIT ${f.pageSize}`,
  );
  return {
    total: c.n,
    list: rows.map((r) => ({
      id: Number(r.id),
      text: r.text,
      source: r.source,
      companyId: r.company_id,
      companyName: r.company_name,
      memberName: r.member_name,
      memberMail: r.member_mail,
      createdAt: iso(r.created_at) as string,
      handledAt: iso(r.handled_at),
      handledBy: r.handled_by,
    })),
  };
}

/** Marks feedback handled, once: a second call changes nothing (30041). */
export async function handleFeedback(database: Database, actor: Actor, id: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [done] = await database.rows<Row<'feedback', 'company_id' | 'text' | 'handled_at'>>(
      sql`UPDATE feedback SET handled_at = now(), handled_by = ${actor.id} WHERE id = ${id} AND handled_at IS NULL
          RETURNING company_id, text, handled_at`,
      tx,
    );
    if (!done) {
      const [exists] = await database.rows(sql`SELECT 1 FROM feedback WHERE id = ${id}`, tx);
      throw new AppError(exists ? 30041 : 29012);
    }
    await recordAudit(database, tx, actor, {
      action: 'feedback.handle',
      companyId: done.company_id,
      targetType: 'feedback',
      targetId: String(id),
      targetLabel: done.text.slice(0, 50),
      changes: { handledAt: [null, iso(done.handled_at)] },
    });
  });
}

/** A member's feedback, and its audit event, in one transaction. */
export async function addFeedback(
  database: Database,
  actor: Actor,
  caller: { userId: string; companyId: string },
  input: { feedback: string; source: TOpsFeedbackRow['source'] },
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [f] = await database.rows<Row<'feedback', 'id'>>(
      sql`INSERT INTO feedback (company_id, user_id, text, source) VALUES (${caller.companyId}, ${caller.userId}, ${input.feedback}, ${input.source})
          RETURNING id`,
      tx,
    );
    await recordAudit(database, tx, actor, {
      action: 'feedback.add',
      companyId: caller.companyId,
      targetType: 'feedback',
      targetId: String(f.id),
      targetLabel: input.feedback.slice(0, 50),
      changes: { text: [null, input.feedback], source: [null, input.source] },
    });
  });
}
