import { randomUUID } from 'node:crypto';
import type { ApiKey } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../src/lib/passwords.js';
import { createCompany, createMember } from '../../../src/modules/companies/index.js';
import { DEMO_PASSWORD, type Session, tryLogin } from '../../helper.js';
import type { Fixtures } from '../fixtures.js';
import { callRoute } from '../matrix.js';

/** Calls a route to prepare a row's record, and fails loudly when that does not succeed. */
export async function prepare<T = { id: string }>(fx: Fixtures, key: ApiKey, body: unknown, session: Session = fx.sessions.holder): Promise<T> {
  const a = await callRoute(fx, key, session, { body });
  if (a.code !== 0) throw new Error(`${key} while preparing a matrix row: ${a.status} ${a.body}`);
  return (JSON.parse(a.body) as { obj: T }).obj;
}

export const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 6)}`;
export const phone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const mail = () => `${unique('x')}@matrix-corp.com`;

/** A new company that is not certified yet, with its super administrator signed in. */
export async function uncertified(fx: Fixtures): Promise<{ companyId: string; session: Session }> {
  const email = `${unique('u')}@matrix-corp.com`;
  const hash = await hashPassword(DEMO_PASSWORD);
  const companyId = await fx.t.database.db.transaction(async (tx) => {
    const c = await createCompany(fx.t.database, tx, { name: unique('待认证'), country: 'CN', address: '上海', locale: 'zh-CN' });
    await createMember(fx.t.database, tx, {
      companyId: c.companyId,
      name: '待认证管理员',
      email,
      phone: null,
      passwordHash: hash,
      locale: 'zh-CN',
      roleIds: [c.roleIds.super],
    });
    return c.companyId;
  });
  const res = await tryLogin(fx.t.app, email, DEMO_PASSWORD, { ip: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return { companyId, session: res.json().obj };
}

/** The smallest valid PNG: one transparent pixel. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export const certificationParts = (companyName: string) => [
  { name: 'companyName', value: companyName },
  { name: 'address', value: '上海市浦东新区世纪大道 100 号' },
  { name: 'website', value: 'https://matrix-corp.com' },
  { name: 'deviceQuantity', value: '101-500' },
  { name: 'licenseNo', value: '91310000MA1FL0001X' },
  { name: 'contactName', value: '张三' },
  { name: 'contactPhone', value: '13912345678' },
  { name: 'contactEmail', value: 'contact@matrix-corp.com' },
  { name: 'image', value: PNG, filename: 'licence.png', contentType: 'image/png' },
];

/** A new uncertified company that has submitted its certification: its session, and the submission. */
export async function submitted(fx: Fixtures): Promise<{ session: Session; companyId: string }> {
  const u = await uncertified(fx);
  const a = await callRoute(fx, 'POST /rrp/company/certification/submit', u.session, { parts: certificationParts('矩阵认证公司') });
  if (a.code !== 0) throw new Error(`certification submit: ${a.body}`);
  return u;
}

/** A certification under review, submitted by a new uncertified company. */
export async function submittedCertification(fx: Fixtures): Promise<string> {
  const u = await submitted(fx);
  const [r] = await fx.t.database.rows<{ id: string }>(sql`SELECT id FROM certifications WHERE company_id = ${u.companyId} ORDER BY submitted_at DESC LIMIT 1`);
  return r.id;
}
