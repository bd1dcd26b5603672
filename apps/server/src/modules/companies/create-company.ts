import { type Locale, SAMPLE_ROLES, type SampleRoleKey } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { inLocale } from '../../i18n/index.js';

export type NewCompany = {
  name: string;
  country: string;
  address: string;
  parentId?: string;
  billing?: 'independent' | 'parent';
  certification?: 'none' | 'review' | 'verified' | 'rejected';
  /** language the sample role names are written in */
  locale: Locale;
};

/** Creates a company (with its tree path) and its sample roles; returns ids. */
export async function createCompany(database: Database, tx: Tx, c: NewCompany): Promise<{ companyId: string; roleIds: Record<SampleRoleKey, string> }> {
  const [parent] = c.parentId ? await database.rows<Row<'companies', 'path'>>(sql`SELECT path FROM companies WHERE id = ${c.parentId}`, tx) : [];
  const [row] = await database.rows<Row<'companies', 'id'>>(
    sql`INSERT INTO companies (parent_id, path, name, country, address, certification, billing)
        VALUES (${c.parentId ?? null}, '', ${c.name}, ${c.country}, ${c.address}, ${c.certification ?? 'none'}, ${c.billing ?? 'independent'})
        RETURNING id`,
    tx,
  );
  const path = `${parent ? parent.path : '/'}${row.id}/`;
  await database.rows(sql`UPDATE companies SET path = ${path} WHERE id = ${row.id}`, tx);
  const roleIds = {} as Record<SampleRoleKey, string>;
  for (const r of SAMPLE_ROLES) {
    const [role] = await database.rows<Row<'roles', 'id'>>(
      sql`INSERT INTO roles (company_id, name, permissions, is_super)
          VALUES (${row.id}, ${inLocale(r, c.locale)}, ${textArray(r.permissions)}::text[], ${r.key === 'super'})
          RETURNING id`,
      tx,
    );
    roleIds[r.key] = role.id;
  }
  return { companyId: row.id, roleIds };
}

export async function createMember(
  database: Database,
  tx: Tx,
  m: {
    companyId: string | null;
    kind?: 'member' | 'staff';
    name: string;
    email: string;
    phone: string | null;
    passwordHash: string;
    jobTitle?: string;
    locale: Locale;
    roleIds: string[];
  },
): Promise<string> {
  const [u] = await database.rows<Row<'users', 'id'>>(
    sql`INSERT INTO users (company_id, kind, name, email, phone, password_hash, job_title, locale)
        VALUES (${m.companyId}, ${m.kind ?? 'member'}, ${m.name}, ${m.email}, ${m.phone}, ${m.passwordHash}, ${m.jobTitle ?? ''}, ${m.locale})
        RETURNING id`,
    tx,
  );
  for (const roleId of m.roleIds) await database.rows(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${u.id}, ${roleId})`, tx);
  return u.id;
}

export async function grantData(database: Database, tx: Tx, companyId: string, mb: number, reason: string, ref?: string): Promise<void> {
  await database.rows(sql`INSERT INTO data_pool_ledger (company_id, delta_mb, reason, ref) VALUES (${companyId}, ${mb}, ${reason}, ${ref ?? null})`, tx);
}
