import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Nullable, Row } from '../../db/row.js';
import { iso } from '../../lib/units.js';

/** The settings the back office edits, each one row of platform_settings. */
export type SettingKey = 'support_contact';

export type SavedSetting = { value: unknown; updatedAt: string; updatedBy: string | null };

/** jsonb arrives parsed from node-postgres and PGlite; a text value is parsed here. */
const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * A setting's saved value, or null while nobody has saved one. It is read on every request
 * that shows it: a primary-key lookup, prepared once per connection, and never cached in the
 * process, so every API process sees a change at once.
 */
export async function savedValue(database: Database, key: SettingKey): Promise<unknown | null> {
  const [row] = await database.prepared<Row<'platform_settings', 'value'>>(
    'platform.setting.value',
    sql`SELECT value FROM platform_settings WHERE key = ${key}`,
  );
  return row ? parsed(row.value) : null;
}

/** A saved setting with when and by whom it was saved (the staff member's name), or null. */
export async function savedSetting(database: Database, key: SettingKey): Promise<SavedSetting | null> {
  const [row] = await database.rows<Row<'platform_settings', 'value' | 'updated_at'> & Nullable<As<'users', { updated_by: 'name' }>>>(
    sql`SELECT s.value, s.updated_at, u.name AS updated_by
        FROM platform_settings s LEFT JOIN users u ON u.id = s.updated_by
        WHERE s.key = ${key}`,
  );
  return row ? { value: parsed(row.value), updatedAt: iso(row.updated_at) as string, updatedBy: row.updated_by } : null;
}

/**
 * Locks a setting's row for a change in `tx` and returns its saved value (null if none). A row
 * holding `initial` is created first when there is none, so two first saves at once queue on
 * the same row and the second sees what the first saved.
 */
export async function lockSetting(database: Database, tx: Tx, key: SettingKey, initial: unknown): Promise<{ value: unknown; existed: boolean }> {
  const created = await database.rows(
    sql`INSERT INTO platform_settings (key, value, updated_at) VALUES (${key}, ${JSON.stringify(initial)}::jsonb, now())
        ON CONFLICT (key) DO NOTHING RETURNING key`,
    tx,
  );
  const [row] = await database.rows<Row<'platform_settings', 'value'>>(sql`SELECT value FROM platform_settings WHERE key = ${key} FOR UPDATE`, tx);
  return { value: parsed(row.value), existed: created.length === 0 };
}

/** Stores a setting's new value in `tx`, with the staff member who saved it. */
export async function writeSetting(database: Database, tx: Tx, key: SettingKey, value: unknown, userId: string | null): Promise<void> {
  await database.rows(
    sql`UPDATE platform_settings SET value = ${JSON.stringify(value)}::jsonb, updated_at = now(), updated_by = ${userId} WHERE key = ${key}`,
    tx,
  );
}
