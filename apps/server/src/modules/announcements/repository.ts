import type { Locale, TAnnouncementBrief } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { inLocale } from '../../i18n/index.js';

// only published announcements are read here
type AnnRow = Narrow<Row<'announcements', 'id' | 'title_zh' | 'title_en' | 'content_zh' | 'content_en' | 'published_at'>, { published_at: string }> & {
  read: boolean;
};

/** Whose eyes: a member, and the scope of their call (their own company is the one addressed). */
export type Reader = { userId: string; scope: TenantScope };

/**
 * What a member may see of announcement `a`: published (a draft is nobody's), and addressed
 * to every company or to the member's own company.
 */
function visible(alias: SQL, reader: Reader): SQL {
  return sql`${alias}.published_at IS NOT NULL AND ${alias}.published_at <= now()
    AND (${alias}.audience = 'all'
         OR EXISTS (SELECT 1 FROM announcement_targets t WHERE t.announcement_id = ${alias}.id AND ${reader.scope.own().owns(sql`t.company_id`)}))`;
}

export function toBrief(r: AnnRow, locale: Locale): TAnnouncementBrief {
  return {
    id: r.id,
    title: inLocale({ zh: r.title_zh, en: r.title_en }, locale),
    content: inLocale({ zh: r.content_zh, en: r.content_en }, locale),
    publishedAt: new Date(r.published_at).toISOString(),
    read: r.read,
  };
}

export async function listAnnouncements(database: Database, reader: Reader, offset: number, limit: number): Promise<{ total: number; rows: AnnRow[] }> {
  const rows = await database.rows<AnnRow>(sql`
    SELECT a.id, a.title_zh, a.title_en, a.content_zh, a.content_en, a.published_at,
           EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = a.id AND r.user_id = ${reader.userId}) AS read
    FROM announcements a WHERE ${visible(sql`a`, reader)}
    ORDER BY a.published_at DESC, a.id DESC OFFSET ${offset} LIMIT ${limit}`);
  const [c] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM announcements a WHERE ${visible(sql`a`, reader)}`);
  return { total: c.n, rows };
}

/** One announcement and its neighbours in the member's list order (newest first). */
export async function findAnnouncement(
  database: Database,
  reader: Reader,
  id: string,
): Promise<{ row: AnnRow; prevId: string | null; nextId: string | null } | null> {
  const [row] = await database.rows<AnnRow & Nullable<As<'announcements', { prev_id: 'id'; next_id: 'id' }>>>(sql`
    WITH x AS (SELECT * FROM announcements a WHERE a.id = ${id} AND ${visible(sql`a`, reader)})
    SELECT x.id, x.title_zh, x.title_en, x.content_zh, x.content_en, x.published_at,
           EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = x.id AND r.user_id = ${reader.userId}) AS read,
           (SELECT n.id FROM announcements n WHERE ${visible(sql`n`, reader)} AND (n.published_at, n.id) > (x.published_at, x.id)
              ORDER BY n.published_at, n.id LIMIT 1) AS prev_id,
           (SELECT o.id FROM announcements o WHERE ${visible(sql`o`, reader)} AND (o.published_at, o.id) < (x.published_at, x.id)
              ORDER BY o.published_at DESC, o.id DESC LIMIT 1) AS next_id
    FROM x`);
  return row ? { row, prevId: row.prev_id, nextId: row.next_id } : null;
}

/** Marks an announcement read or unread for one member; false when the member cannot see it. */
export async function markAnnouncement(database: Database, reader: Reader, id: string, read: boolean): Promise<boolean> {
  const exists = await database.rows(sql`SELECT 1 FROM announcements a WHERE a.id = ${id} AND ${visible(sql`a`, reader)}`);
  if (!exists.length) return false;
  if (read) {
    await database.rows(sql`INSERT INTO announcement_reads (announcement_id, user_id) VALUES (${id}, ${reader.userId}) ON CONFLICT DO NOTHING`);
  } else {
    await database.rows(sql`DELETE FROM announcement_reads WHERE announcement_id = ${id} AND user_id = ${reader.userId}`);
  }
  return true;
}

/** The newest announcement the member may see (published, addressed to all or to their company), or null. */
export async function latestAnnouncement(database: Database, reader: Reader, locale: Locale): Promise<TAnnouncementBrief | null> {
  const { rows } = await listAnnouncements(database, reader, 0, 1);
  return rows[0] ? toBrief(rows[0], locale) : null;
}
