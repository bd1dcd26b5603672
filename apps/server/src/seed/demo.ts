import { randomInt } from 'node:crypto';
import { passwordProblem } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { createCompany, createMember, grantData } from '../modules/companies/index.js';
import { grantLicenses } from '../modules/licenses/index.js';

export type DemoAccount = { role: string; email: string; phone: string | null; password?: string };
export type SeedResult = { seeded: boolean; accounts: DemoAccount[] /** the demo company, when this start seeded it */; companyId?: string };

/** A password that meets the rule: upper, lower, digit and special characters, 12 long. */
export function generatePassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)];
  for (;;) {
    const parts = [pick('ABCDEFGHJKLMNPQRSTUVWXYZ'), pick('abcdefghijkmnpqrstuvwxyz'), pick('23456789'), pick('#%+=@')];
    for (let i = 0; i < 8; i++) parts.push(pick('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'));
    const pw = parts.sort(() => randomInt(3) - 1).join('');
    if (!passwordProblem(pw)) return pw;
  }
}

/** How the banner names the seeded back-office account. */
const STAFF_ROLE_LABEL = 'platform staff (back office)';

/** What a verified company receives: 50 Licenses and 5G of data. */
export const CERTIFICATION_GRANT = { licenses: 50, dataMb: 5120 } as const;

const WELCOME = {
  titleZh: '欢迎使用 RRP 物联网连接管理控制台',
  titleEn: 'Welcome to the RRP IoT connectivity console',
  contentZh:
    '您可以在这里导入设备、管理 License 与共享流量池、设置监控与告警策略、处理订单与发票，并管理子公司、成员与角色。平台时间均为 UTC。如需帮助，请查看帮助文档或通过右下角在线客服联系我们。',
  contentEn:
    'Here you import devices, manage Licenses and the shared data pool, set monitoring and alarm strategies, handle orders and invoices, and manage sub-companies, members and roles. All platform times are UTC. For help, open the help document or contact us through the online service button.',
};

/**
 * First start: a verified demo company with one sub-company (billed by the parent), members
 * holding the sample roles, and a platform staff member for the back office. Runs once: the `meta` row is claimed in
 * the same transaction, so a restart, or a second process, seeds nothing twice.
 */
export async function seedDemo(database: Database, config: Config): Promise<SeedResult> {
  const adminPassword = config.RRP_ADMIN_PASSWORD ?? generatePassword();
  const opsPassword = config.RRP_OPS_PASSWORD ?? generatePassword();
  const members = [
    { key: 'super' as const, email: config.RRP_ADMIN_EMAIL.toLowerCase(), phone: '13800000001', name: '演示管理员', roleLabel: 'super administrator' },
    { key: 'admin' as const, email: 'manager@demo.rrp.local', phone: '13800000002', name: '演示管理者', roleLabel: 'administrator' },
    { key: 'specialist' as const, email: 'specialist@demo.rrp.local', phone: '13800000003', name: '演示运营专员', roleLabel: 'operation specialist' },
  ];
  const subAdmin = { email: 'sub-admin@demo.rrp.local', phone: '13800000004', name: '子公司管理员' };
  const accounts: DemoAccount[] = [
    ...members.map((m) => ({ role: m.roleLabel, email: m.email, phone: m.phone })),
    { role: 'sub-company super administrator', email: subAdmin.email, phone: subAdmin.phone },
    { role: STAFF_ROLE_LABEL, email: config.RRP_OPS_EMAIL.toLowerCase(), phone: null },
  ];

  const [adminHash, opsHash] = await Promise.all([hashPassword(adminPassword), hashPassword(opsPassword)]);
  const seeded = await database.db.transaction(async (tx) => {
    const claimed = await database.rows(sql`INSERT INTO meta (key, value) VALUES ('demo_seeded', now()::text) ON CONFLICT DO NOTHING RETURNING key`, tx);
    if (!claimed.length) return null;
    const demo = await createCompany(database, tx, {
      name: '演示科技有限公司',
      country: 'CN',
      address: '上海市浦东新区张江高科技园区 88 号',
      certification: 'verified',
      locale: 'zh-CN',
    });
    for (const m of members) {
      await createMember(database, tx, {
        companyId: demo.companyId,
        name: m.name,
        email: m.email,
        phone: m.phone,
        passwordHash: adminHash,
        locale: 'zh-CN',
        roleIds: [demo.roleIds[m.key]],
      });
    }
    await grantData(database, tx, demo.companyId, 100, 'register_bonus');
    // the certification stock of a verified company; the sub-company below bills to it
    await grantLicenses(database, tx, demo.companyId, CERTIFICATION_GRANT.licenses, 'certification');
    await grantData(database, tx, demo.companyId, CERTIFICATION_GRANT.dataMb, 'certification');
    const sub = await createCompany(database, tx, {
      name: '演示科技华南分公司',
      country: 'CN',
      address: '广东省深圳市南山区科技园 1 号',
      parentId: demo.companyId,
      billing: 'parent',
      certification: 'verified',
      locale: 'zh-CN',
    });
    await createMember(database, tx, {
      companyId: sub.companyId,
      name: subAdmin.name,
      email: subAdmin.email,
      phone: subAdmin.phone,
      passwordHash: adminHash,
      locale: 'zh-CN',
      roleIds: [sub.roleIds.super],
    });
    await createMember(database, tx, {
      companyId: null,
      kind: 'staff',
      name: '平台运营人员',
      email: config.RRP_OPS_EMAIL.toLowerCase(),
      phone: null,
      passwordHash: opsHash,
      locale: 'zh-CN',
      roleIds: [],
    });
    await database.rows(
      sql`INSERT INTO announcements (title_zh, title_en, content_zh, content_en, published_at, created_by)
          VALUES (${WELCOME.titleZh}, ${WELCOME.titleEn}, ${WELCOME.contentZh}, ${WELCOME.contentEn}, now(), (SELECT id FROM users WHERE kind = 'staff' LIMIT 1))`,
      tx,
    );
    return demo.companyId;
  });
  if (seeded) {
    for (const a of accounts) a.password = a.role === STAFF_ROLE_LABEL ? opsPassword : adminPassword;
  }
  return { seeded: seeded !== null, accounts, companyId: seeded ?? undefined };
}
