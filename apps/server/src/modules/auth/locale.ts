import type { Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';

/**
 * Stores the language a member or staff member reads the console and their e-mails in. With an
 * actor (a member's own call), the change and its audit event commit together.
 */
export async function storeLocale(database: Database, userId: string, locale: Locale, actor?: Actor): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [before] = await database.rows<Row<'users', 'locale' | 'name' | 'company_id'>>(
      sql`SELECT locale, name, company_id FROM users WHERE id = ${userId} FOR UPDATE`,
      tx,
    );
    if (!before) throw new AppError(22008);
    await database.rows(sql`UPDATE users SET locale = ${locale} WHERE id = ${userId}`, tx);
    if (actor)
      await recordAudit(database, tx, actor, {
        action: 'account.locale',
        companyId: before.company_id,
        targetType: 'account',
        targetId: userId,
        targetLabel: before.name,
        changes: before.locale === locale ? {} : { locale: [before.locale, locale] },
      });
  });
}
