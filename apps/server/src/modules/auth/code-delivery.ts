import { type Locale, normalizeLocale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { CodePurpose, Delivery } from './verify-codes.js';

/**
 * What a code request sends, decided by whether an account has the address; the answer to the
 * request is the same either way. Registration: a new address gets the code in the language of
 * the request, a registered one is told, in its owner's language, that someone tried to
 * register with it (sign in or reset the password instead). Reset: only a registered address
 * gets a code, in its owner's language.
 */
export async function deliveryFor(database: Database, email: string, purpose: CodePurpose, requestLocale: Locale, publicUrl: string): Promise<Delivery> {
  const [owner] = await database.rows<Row<'users', 'locale'>>(sql`SELECT locale FROM users WHERE lower(email) = ${email} AND state <> 'deleted'`);
  if (purpose === 'register')
    return owner
      ? { kind: 'instead', locale: normalizeLocale(owner.locale), template: { kind: 'register-attempt', link: `${publicUrl}/login` } }
      : { kind: 'code', locale: requestLocale };
  return owner ? { kind: 'code', locale: normalizeLocale(owner.locale) } : { kind: 'nothing' };
}
