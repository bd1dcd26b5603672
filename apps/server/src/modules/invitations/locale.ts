import { type Locale, normalizeLocale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { withinSubtree } from '../../db/subtree.js';

/**
 * The company's language, for the e-mails it sends its people (invitations): the stored
 * language of its longest-standing super administrator, else the given fallback (the inviter's).
 */
export async function companyLocale(database: Database, tx: Tx, companyId: string, fallback: Locale): Promise<Locale> {
  const [r] = await database.rows<Row<'users', 'locale'>>(
    sql`SELECT u.locale FROM companies c
        JOIN companies a ON ${withinSubtree(sql`c.path`, sql`a.path`)}
        JOIN users u ON u.company_id = a.id AND u.state IN ('enabled', 'disabled')
        JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id AND r.is_super
        WHERE c.id = ${companyId}
        ORDER BY length(a.path) DESC, u.created_at, u.id LIMIT 1`,
    tx,
  );
  return r ? normalizeLocale(r.locale) : fallback;
}
