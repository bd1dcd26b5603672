import type { Locale, TAnnouncementBrief } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inLocale } from '../../i18n/index.js';

type AnnRow = { id: string; title_zh: string; title_en: string; content_zh: string; content_en: string; published_at: string | Date; read: boolean };

export function toBrief(r: AnnRow, locale: Locale): TAnnouncementBrief {
  return {
    id: r.id,
    title: inLocale({ zh: r.title_zh, en: r.title_en }, locale),
    content: inLocale({ zh: r.content_zh, en: r.content_en }, locale),
    publishedAt: new Date(r.published_at).toISOString(),
    read: r.read,
  };
}

export async function listAnnouncements(database: Database, userId: string, offset: number, limit: number): Promise<{ total: number; rows: AnnRow[] }> {
  const rows = await database.rows<AnnRow>(sql`
    SELECT a.id, a.title_zh, a.title_en, a.content_zh, a.content_en, a.published_at,
           EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = a.id AND r.user_id = ${userId}) AS read
    FROM announcements a WHERE a.published_at <= now()
    ORDER BY a.published_at DESC, a.id DESC OFFSET ${offset} LIMIT ${limit}`);
  const [c] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM announcements WHERE published_at <= now()`);
  return { total: c.n, rows };
}

/** One announcement and its neighbours in list order (newest first). */
export async function findAnnouncement(
  database: Database,
  userId: string,
  id: string,
): Promise<{ row: AnnRow; prevId: string | null; nextId: string | null } | null> {
  const [row] = await database.rows<AnnRow & { prev_id: string | null; next_id: string | null }>(sql`
    WITH a AS (SELECT * FROM announcements WHERE id = ${id} AND published_at <= now())
    SELECT a.id, a.title_zh, a.title_en, a.content_zh, a.content_en, a.published_at,
           EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = a.id AND r.user_id = ${userId}) AS read,
           (SELECT n.id FROM announcements n WHERE n.published_at <= now() AND (n.published_at, n.id) > (a.published_at, a.id)
              ORDER BY n.published_at, n.id LIMIT 1) AS prev_id,
           (SELECT o.id FROM announcements o WHERE (o.published_at, o.id) < (a.published_at, a.id)
              ORDER BY o.published_at DESC, o.id DESC LIMIT 1) AS next_id
    FROM a`);
  return row ? { row, prevId: row.prev_id, nextId: row.next_id } : null;
}

/** Marks an announcement read or unread for one member; false when there is no such published announcement. */
export async function markAnnouncement(database: Database, userId: string, id: string, read: boolean): Promise<boolean> {
  const exists = await database.rows(sql`SELECT 1 FROM announcements WHERE id = ${id} AND published_at <= now()`);
  if (!exists.length) return false;
  if (read) {
    await database.rows(sql`INSERT INTO announcement_reads (announcement_id, user_id) VALUES (${id}, ${userId}) ON CONFLICT DO NOTHING`);
  } else {
    await database.rows(sql`DELETE FROM announcement_reads WHERE announcement_id = ${id} AND user_id = ${userId}`);
  }
  return true;
}

/** The newest published announcement as a member sees it, or null. */
export async function latestAnnouncement(database: Database, userId: string, locale: Locale): Promise<TAnnouncementBrief | null> {
  const { rows } = await listAnnouncements(database, userId, 0, 1);
  return rows[0] ? toBrief(rows[0], locale) : null;
}
