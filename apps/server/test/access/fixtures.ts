import { randomUUID } from 'node:crypto';
import { SAMPLE_ROLES } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../src/lib/passwords.js';
import { createMember } from '../../src/modules/companies/index.js';
import { companyIdOf, otherCompany } from '../devices.js';
import { DEMO, DEMO_PASSWORD, OPS_PASSWORD, type Session, type TestApp, tryLogin } from '../helper.js';

/**
 * The six callers of the access matrix: a member holding the code (the demo company's super
 * administrator), a member of the same company holding no code at all, the administrator of the
 * demo company's sub-company, a foreign company's administrator, the staff member, and nobody.
 */
export const CALLERS = ['holder', 'lacking', 'sub', 'foreign', 'staff', 'nobody'] as const;
export type CallerName = (typeof CALLERS)[number];

export type Company = { id: string; path: string };

export type Fixtures = {
  t: TestApp;
  sessions: Record<Exclude<CallerName, 'nobody'>, Session>;
  /** the demo company (the holder's and the lacking member's), its sub-company, a foreign company */
  demo: Company;
  sub: Company;
  other: Company;
  /** a published announcement every company sees */
  announcementId: string;
  /** a finished import task of the demo company, with one failure */
  importTaskId: string;
  /** a new device of a company (default: the demo company), for calls that change one */
  device(companyId?: string, fields?: { imei?: string; suspended?: boolean }): Promise<{ id: string; imei: string }>;
  /** a new enabled member of a company holding one of its sample roles */
  member(companyId?: string, role?: 'super' | 'admin' | 'specialist'): Promise<{ id: string; email: string }>;
  /** a new session of the caller (for calls that end the session) */
  fresh(caller: Exclude<CallerName, 'nobody'>): Promise<Session>;
  /** a signed-in session of a new member of the demo company with the super administrator role (for calls that end or change the session) */
  scratch(): Promise<{ session: Session; id: string; email: string }>;
};

let seq = 0;
const ip = () => `10.9.${Math.floor(++seq / 250)}.${seq % 250}`;

async function loginFrom(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await tryLogin(t.app, email, password, { ip: ip() });
  const body = res.json();
  if (!body.success) throw new Error(`login ${email}: ${res.body}`);
  return body.obj;
}

export async function buildFixtures(t: TestApp): Promise<Fixtures> {
  const demo = await companyIdOf(t.database, DEMO.admin);
  const sub = await companyIdOf(t.database, DEMO.subAdmin);
  const foreign = await otherCompany(t.database);
  const other = await companyIdOf(t.database, foreign.email);
  const hash = await hashPassword(DEMO_PASSWORD);

  const roleOf = async (companyId: string, role: 'super' | 'admin' | 'specialist') => {
    const names = SAMPLE_ROLES.filter((r) => r.key === role).flatMap((r) => [r.zh, r.en]);
    const [r] = await t.database.rows<{ id: string }>(
      role === 'super'
        ? sql`SELECT id FROM roles WHERE company_id = ${companyId} AND is_super`
        : sql`SELECT id FROM roles WHERE company_id = ${companyId} AND name IN (${names[0]}, ${names[1]})`,
    );
    if (!r) throw new Error(`no ${role} role in ${companyId}`);
    return r.id;
  };
  const addMember = async (companyId: string, roleIds: string[]) => {
    const email = `m${randomUUID().slice(0, 8)}@matrix.rrp.local`;
    const id = await t.database.db.transaction((tx) =>
      createMember(t.database, tx, { companyId, name: '矩阵成员', email, phone: null, passwordHash: hash, locale: 'zh-CN', roleIds }),
    );
    return { id, email };
  };

  // a member of the demo company whose only role grants nothing
  const [empty] = await t.database.rows<{ id: string }>(
    sql`INSERT INTO roles (company_id, name, permissions) VALUES (${demo.id}, '无权限', '{}') RETURNING id`,
  );
  const lacking = await addMember(demo.id, [empty.id]);

  const accounts = {
    holder: [DEMO.admin, DEMO_PASSWORD],
    lacking: [lacking.email, DEMO_PASSWORD],
    sub: [DEMO.subAdmin, DEMO_PASSWORD],
    foreign: [foreign.email, DEMO_PASSWORD],
    staff: [DEMO.ops, OPS_PASSWORD],
  } as const;
  const fresh = (caller: keyof typeof accounts) => loginFrom(t, accounts[caller][0], accounts[caller][1]);
  const sessions = {
    holder: await fresh('holder'),
    lacking: await fresh('lacking'),
    sub: await fresh('sub'),
    foreign: await fresh('foreign'),
    staff: await fresh('staff'),
  };

  const [announcement] = await t.database.rows<{ id: string }>(sql`SELECT id::text FROM announcements ORDER BY published_at LIMIT 1`);
  const [task] = await t.database.rows<{ id: string }>(sql`
    INSERT INTO import_tasks (company_id, task_name, region, status, total, processed, failed, failures, finished_at)
    VALUES (${demo.id}, 'matrix.xlsx', 'europe', 'done', 1, 1, 1, jsonb_build_array(jsonb_build_object('row', 2, 'imei', '1', 'name', 'x', 'reason', 'imei_format')), now())
    RETURNING id`);

  let imeiSeq = 0;
  return {
    t,
    sessions,
    demo,
    sub,
    other,
    announcementId: announcement.id,
    importTaskId: task.id,
    fresh,
    async device(companyId = demo.id, f = {}) {
      const imei = f.imei ?? `86990${String(++imeiSeq).padStart(10, '0')}`;
      const [r] = await t.database.rows<{ id: string }>(sql`
        INSERT INTO devices (company_id, imei, name, region, status, online, suspended, license_expires_at)
        VALUES (${companyId}, ${imei}, '矩阵设备', 'europe', 'physical_card', true, ${f.suspended ?? false}, now() + interval '200 days')
        RETURNING id`);
      return { id: r.id, imei };
    },
    async member(companyId = demo.id, role = 'specialist') {
      return addMember(companyId, [await roleOf(companyId, role)]);
    },
    async scratch() {
      const m = await addMember(demo.id, [await roleOf(demo.id, 'super')]);
      return { ...m, session: await loginFrom(t, m.email) };
    },
  };
}
