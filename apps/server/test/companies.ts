import { randomUUID } from 'node:crypto';
import { signedHeaders } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createCompany, createMember, grantData } from '../src/modules/companies/index.js';
import { DEMO_PASSWORD, type Session } from './helper.js';

export const ops = (path: string) => `/api/v1/ops${path}`;

/**
 * A company as registration leaves it: not certified, the register bonus of 100 MB, no
 * Licenses, one super administrator (password DEMO_PASSWORD). Returns its id and the e-mail.
 */
export async function registeredCompany(
  database: Database,
  o: { email: string; name?: string; phone?: string | null; locale?: 'zh-CN' | 'en' },
): Promise<{ companyId: string; path: string; email: string; superRoleId: string }> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return database.db.transaction(async (tx) => {
    const c = await createCompany(database, tx, { name: o.name ?? '新注册公司', country: 'CN', address: '杭州', locale: o.locale ?? 'zh-CN' });
    await createMember(database, tx, {
      companyId: c.companyId,
      name: '注册人',
      email: o.email,
      phone: o.phone ?? null,
      passwordHash: hash,
      locale: o.locale ?? 'zh-CN',
      roleIds: [c.roleIds.super],
    });
    await grantData(database, tx, c.companyId, 100, 'register_bonus');
    const [{ path }] = await database.rows<{ path: string }>(sql`SELECT path FROM companies WHERE id = ${c.companyId}`, tx);
    return { companyId: c.companyId, path, email: o.email, superRoleId: c.roleIds.super };
  });
}

export const GOOD_FORM = {
  companyName: '杭州示例物联科技有限公司',
  address: '浙江省杭州市西湖区文三路 100 号',
  website: 'https://example-iot.cn',
  deviceQuantity: '101-500',
  licenseNo: '91330106MA2XXXXX1A',
  contactName: '王经理',
  contactPhone: '13912345678',
  contactEmail: 'wang@example-iot.cn',
};

export type FormFile = { data: Buffer; filename?: string; contentType?: string };

/** The multipart body of a certification: the text fields, then the image. */
export function certificationBody(fields: Record<string, string>, image: FormFile | null): { body: Buffer; contentType: string } {
  const boundary = `----rrp${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (image)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${image.filename ?? 'licence.jpg'}"\r\nContent-Type: ${image.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      image.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Submits a certification as the web client does: multipart, signed over the raw body bytes. */
export async function submitCertification(
  app: FastifyInstance,
  s: Pick<Session, 'token' | 'secretKey'>,
  fields: Record<string, string>,
  image: FormFile | null,
  lang = 'zh-CN',
) {
  const url = '/api/v1/rrp/company/certification/submit';
  const { body, contentType } = certificationBody(fields, image);
  const headers = await signedHeaders({ secretKey: s.secretKey, token: s.token, method: 'POST', url, body, timestamp: Date.now(), requestId: randomUUID() });
  return app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType, 'accept-language': lang }, payload: body });
}

/** License stock and granted data (MB) of a company's own ledgers. */
export async function holdings(database: Database, companyId: string): Promise<{ licenses: number; dataMb: number }> {
  const [r] = await database.rows<{ licenses: number; data: number }>(sql`
    SELECT (SELECT coalesce(sum(delta), 0) FROM license_ledger WHERE company_id = ${companyId})::int AS licenses,
           (SELECT coalesce(sum(delta_mb), 0) FROM data_pool_ledger WHERE company_id = ${companyId})::int AS data`);
  return { licenses: r.licenses, dataMb: r.data };
}

/** The audit events of an action, oldest first. */
export async function auditOf(database: Database, action: string) {
  return database.rows<{
    actor_kind: string;
    actor_name: string;
    company_id: string | null;
    target_id: string | null;
    target_label: string | null;
    changes: Record<string, [unknown, unknown]>;
  }>(sql`SELECT actor_kind, actor_name, company_id, target_id, target_label, changes FROM audit_events WHERE action = ${action} ORDER BY id`);
}

/** A signed-up member of a company holding its super administrator role (password DEMO_PASSWORD). */
export async function superMember(database: Database, companyId: string, email: string, locale: 'zh-CN' | 'en' = 'zh-CN'): Promise<string> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return database.db.transaction(async (tx) => {
    const [role] = await database.rows<{ id: string }>(sql`SELECT id FROM roles WHERE company_id = ${companyId} AND is_super LIMIT 1`, tx);
    return createMember(database, tx, { companyId, name: `管理员 ${email.split('@')[0]}`, email, phone: null, passwordHash: hash, locale, roleIds: [role.id] });
  });
}

/** Devices of a company: `online` of them online, `licensed` of them with a License in force. */
export async function addDevices(database: Database, companyId: string, imeis: string[], o: { online?: number; licensed?: number } = {}): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, imei] of imeis.entries()) {
    const [d] = await database.rows<{ id: string }>(sql`
      INSERT INTO devices (company_id, imei, region, online, license_expires_at, status)
      VALUES (${companyId}, ${imei}, 'europe', ${i < (o.online ?? 0)}, ${i < (o.licensed ?? 0) ? sql`now() + interval '200 days'` : null}, 'physical_card')
      RETURNING id`);
    ids.push(d.id);
  }
  return ids;
}
