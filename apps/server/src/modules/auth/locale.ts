import type { Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';

/** Stores the language a member or staff member reads the console and their e-mails in. */
export async function storeLocale(database: Database, userId: string, locale: Locale): Promise<void> {
  const updated = await database.rows(sql`UPDATE users SET locale = ${locale} WHERE id = ${userId} RETURNING id`);
  if (!updated.length) throw new AppError(22008);
}
