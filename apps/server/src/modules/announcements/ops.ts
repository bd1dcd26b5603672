import type { Locale, TOpsAnnouncement } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import { inLocale } from '../../i18n/index.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';

/** What staff write: both languages, and who reads it (every company, or the chosen ones). */
export type AnnouncementInput = {
  titleZh: string;
  titleEn: string;
  contentZh: string;
  contentEn: string;
  audience: 'all' | 'companies';
  companyIds: string[];
};

type AnnouncementRow = Narrow<
  Row<'announcements', 'id' | 'title_zh' | 'title_en' | 'content_zh' | 'content_en' | 'audience' | 'published_at' | 'created_at'>,
  { audience: 'all' | 'companies' }
> &
  Nullable<As<'users', { created_by: 'name' }>> & { companies: Row<'companies', 'id' | 'name'>[] | string | null; reads: number };

const SELECT = sql`
  SELECT a.id, a.title_zh, a.title_en, a.content_zh, a.content_en, a.audience, a.published_at, a.created_at,
         u.name AS created_by,
         (SELECT count(*)::int FROM announcement_reads r WHERE r.announcement_id = a.id) AS reads,
         (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id), '[]'::json)
            FROM announcement_targets t JOIN companies c ON c.id = t.company_id WHERE t.announcement_id = a.id) AS companies
  FROM announcements a LEFT JOIN users u ON u.id = a.created_by`;

function toOps(r: AnnouncementRow): TOpsAnnouncement {
  const companies = typeof r.companies === 'string' ? JSON.parse(r.companies) : (r.companies ?? []);
  return {
    id: r.id,
    titleZh: r.title_zh,
    titleEn: r.title_en,
    contentZh: r.content_zh,
    contentEn: r.content_en,
    audience: r.audience,
    companies,
    publishedAt: iso(r.published_at),
    createdAt: iso(r.created_at) as string,
    createdBy: r.created_by,
    reads: r.reads,
  };
}

export async function listOpsAnnouncements(
  database: Database,
  f: { state?: 'draft' | 'published'; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TOpsAnnouncement[] }> {
  const where: SQL = f.state === 'draft' ? sql`a.published_at IS NULL` : f.state === 'published' ? sql`a.published_at IS NOT NULL` : sql`true`;
  const [c] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM announcements a WHERE ${where}`);
  const rows = await database.rows<AnnouncementRow>(
    sql`${SELECT} WHERE ${where}
        ORDER BY (a.published_at IS NULL) DESC, coalesce(a.published_at, a.created_at) DESC, a.id DESC
        OFFSET ${(f.pageNum - 1) * f.pageSize} LIMIT ${f.pageSize}`,
  );
  return { total: c.n, list: rows.map(toOps) };
}

export async function opsAnnouncement(database: Database, id: string, tx?: Tx): Promise<TOpsAnnouncement> {
  const [r] = await database.rows<AnnouncementRow>(sql`${SELECT} WHERE a.id = ${id}`, tx);
  if (!r) throw new AppError(29012);
  return toOps(r);
}

/** The audience's companies, checked: at least one for `companies` (30043), every one existing (21001). */
async function audienceOf(database: Database, tx: Tx, input: AnnouncementInput): Promise<string[]> {
  if (input.audience === 'all') return [];
  const ids = [...new Set(input.companyIds)].sort();
  if (ids.length === 0) throw new AppError(30043, { field: 'companyIds' });
  const found = await database.rows<Row<'companies', 'id'>>(sql`SELECT id FROM companies WHERE id = ANY(${textArray(ids)}::uuid[])`, tx);
  const known = new Set(found.map((r) => r.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw new AppError(21001, { detail: missing.join(', ') });
  return ids;
}

async function setTargets(database: Database, tx: Tx, id: string, companyIds: string[]): Promise<void> {
  await database.rows(sql`DELETE FROM announcement_targets WHERE announcement_id = ${id}`, tx);
  if (companyIds.length)
    await database.rows(
      sql`INSERT INTO announcement_targets (announcement_id, company_id)
          SELECT ${id}, c FROM unnest(${textArray(companyIds)}::uuid[]) AS c`,
      tx,
    );
}

/** The fields an audit event compares. */
const audited = (a: TOpsAnnouncement | (AnnouncementInput & { publishedAt?: string | null })) => ({
  titleZh: a.titleZh,
  titleEn: a.titleEn,
  contentZh: a.contentZh,
  contentEn: a.contentEn,
  audience: a.audience,
  companyIds: 'companies' in a ? a.companies.map((c) => c.id).sort() : [...a.companyIds].sort(),
});

const label = (a: { titleZh: string; titleEn: string }, locale: Locale) => inLocale({ zh: a.titleZh, en: a.titleEn }, locale);

/** A new announcement, a draft until published. */
export async function addAnnouncement(database: Database, actor: Actor, input: AnnouncementInput, locale: Locale): Promise<string> {
  return database.db.transaction(async (tx) => {
    const companyIds = await audienceOf(database, tx, input);
    const [a] = await database.rows<Row<'announcements', 'id'>>(
      sql`INSERT INTO announcements (title_zh, title_en, content_zh, content_en, audience, published_at, created_by)
          VALUES (${input.titleZh}, ${input.titleEn}, ${input.contentZh}, ${input.contentEn}, ${input.audience}, NULL, ${actor.id})
          RETURNING id`,
      tx,
    );
    await setTargets(database, tx, a.id, companyIds);
    await recordAudit(database, tx, actor, {
      action: 'announcement.add',
      companyId: null,
      targetType: 'announcement',
      targetId: a.id,
      targetLabel: label(input, locale),
      changes: changesOf(null, audited({ ...input, companyIds })),
    });
    return a.id;
  });
}

/** Edits a draft or a published announcement (a published one keeps its date). */
export async function updateAnnouncement(database: Database, actor: Actor, id: string, input: AnnouncementInput, locale: Locale): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [locked] = await database.rows(sql`SELECT id FROM announcements WHERE id = ${id} FOR UPDATE`, tx);
    if (!locked) throw new AppError(29012);
    const before = await opsAnnouncement(database, id, tx);
    const companyIds = await audienceOf(database, tx, input);
    await database.rows(
      sql`UPDATE announcements SET title_zh = ${input.titleZh}, title_en = ${input.titleEn}, content_zh = ${input.contentZh},
                 content_en = ${input.contentEn}, audience = ${input.audience}, updated_at = now()
          WHERE id = ${id}`,
      tx,
    );
    await setTargets(database, tx, id, companyIds);
    await recordAudit(database, tx, actor, {
      action: 'announcement.update',
      companyId: null,
      targetType: 'announcement',
      targetId: id,
      targetLabel: label(input, locale),
      changes: changesOf(audited(before), audited({ ...input, companyIds })),
    });
  });
}

/** Publishes a draft now; a second publish changes nothing (30040). */
export async function publishAnnouncement(database: Database, actor: Actor, id: string, locale: Locale): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [done] = await database.rows<Row<'announcements', 'title_zh' | 'title_en' | 'published_at'>>(
      sql`UPDATE announcements SET published_at = now(), updated_at = now() WHERE id = ${id} AND published_at IS NULL
          RETURNING title_zh, title_en, published_at`,
      tx,
    );
    if (!done) {
      const [exists] = await database.rows(sql`SELECT 1 FROM announcements WHERE id = ${id}`, tx);
      throw new AppError(exists ? 30040 : 29012);
    }
    await recordAudit(database, tx, actor, {
      action: 'announcement.publish',
      companyId: null,
      targetType: 'announcement',
      targetId: id,
      targetLabel: label({ titleZh: done.title_zh, titleEn: done.title_en }, locale),
      changes: { publishedAt: [null, iso(done.published_at)] },
    });
  });
}

/** Deletes an announcement (its audience and read marks go with it). */
export async function deleteAnnouncement(database: Database, actor: Actor, id: string, locale: Locale): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [locked] = await database.rows(sql`SELECT id FROM announcements WHERE id = ${id} FOR UPDATE`, tx);
    if (!locked) throw new AppError(29012);
    const before = await opsAnnouncement(database, id, tx);
    await database.rows(sql`DELETE FROM announcements WHERE id = ${id}`, tx);
    await recordAudit(database, tx, actor, {
      action: 'announcement.delete',
      companyId: null,
      targetType: 'announcement',
      targetId: id,
      targetLabel: label(before, locale),
      changes: changesOf({ ...audited(before), publishedAt: before.publishedAt }, null),
    });
  });
}
