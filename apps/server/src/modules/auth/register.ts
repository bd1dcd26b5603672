import { type Locale, passwordProblem, REGISTER_BONUS_MB, type TRegisterRequest } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import { AppError } from '../../plugins/errors.js';
import { createCompany, createMember, grantData } from '../companies/index.js';
import { COUNTRY_CODES } from '../countries/index.js';
import { consumeCode } from './verify-codes.js';

export function assertNewPassword(password: string, confirm: string): void {
  if (passwordProblem(password)) throw new AppError(29006);
  if (password !== confirm) throw new AppError(29007);
}

export async function assertEmailFree(database: Database, email: string): Promise<void> {
  const taken = await database.rows(sql`SELECT 1 FROM users WHERE lower(email) = ${email.toLowerCase()} AND state <> 'deleted'`);
  if (taken.length) throw new AppError(29005);
}

/**
 * Registers a company and its first member (super administrator). The company receives the
 * register bonus of 100 MB in its data pool.
 *
 * The e-mailed code is checked before anything that depends on who has an account, so a
 * caller without the code learns nothing about registered addresses or phone numbers. With a
 * right code (the caller reads that mailbox) a taken address or phone is named; the code is
 * used up all the same, so each such answer costs a new e-mailed code.
 */
export async function register(database: Database, b: TRegisterRequest, locale: Locale): Promise<{ bonusMb: number }> {
  if (!b.agreement) throw new AppError(29008);
  assertNewPassword(b.password, b.confirmPassword);
  if (!COUNTRY_CODES.has(b.country)) throw new AppError(28002, { field: 'country' });
  const email = b.email.toLowerCase();
  await consumeCode(database, email, 'register', b.code);
  await assertEmailFree(database, email);
  if ((await database.rows(sql`SELECT 1 FROM users WHERE phone = ${b.phone} AND state <> 'deleted'`)).length) throw new AppError(29014);

  const passwordHash = await hashPassword(b.password);
  await database.db.transaction(async (tx) => {
    const { companyId, roleIds } = await createCompany(database, tx, { name: b.companyName, country: b.country, address: b.companyAddress, locale });
    await createMember(database, tx, {
      companyId,
      name: b.companyName.slice(0, 20),
      email,
      phone: b.phone,
      passwordHash,
      jobTitle: b.jobTitle,
      locale,
      roleIds: [roleIds.super],
    });
    await grantData(database, tx, companyId, REGISTER_BONUS_MB, 'register_bonus');
  });
  return { bonusMb: REGISTER_BONUS_MB };
}
