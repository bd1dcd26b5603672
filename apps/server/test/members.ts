import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { api, call, login, type Session } from './helper.js';

/** A password that meets the rule (8-16, three classes, no common word). */
export const MEMBER_PASSWORD = 'Kite#2026blue';

/** The invitation token of the newest invitation e-mail queued for an address (read from the outbox). */
export async function queuedInvitationToken(database: Database, mail: string): Promise<string> {
  const [job] = await database.rows<{ payload: { template: { link: string } } | string }>(
    sql`SELECT payload FROM jobs WHERE name = 'email.send' AND lower(payload->>'to') = ${mail.toLowerCase()}
          AND payload->'template'->>'kind' = 'invitation' ORDER BY id DESC LIMIT 1`,
  );
  if (!job) throw new Error(`no invitation queued for ${mail}`);
  const payload = typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload;
  return tokenOf(payload.template.link);
}

/** The token of an invitation link `…/invite?token=…`. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** The id of a company's role by its stored name. */
export async function roleId(database: Database, companyId: string, name: string): Promise<string> {
  const [r] = await database.rows<{ id: string }>(sql`SELECT id FROM roles WHERE company_id = ${companyId} AND name = ${name}`);
  if (!r) throw new Error(`no role ${name}`);
  return r.id;
}

export async function userIdOf(database: Database, mail: string): Promise<string> {
  const [u] = await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE lower(email) = ${mail.toLowerCase()} AND state <> 'deleted'`);
  if (!u) throw new Error(`no user ${mail}`);
  return u.id;
}

/** Audit events of one target, oldest first. */
export async function auditOf(database: Database, targetId: string) {
  return database.rows<{
    action: string;
    actor_name: string;
    actor_id: string | null;
    company_id: string;
    target_label: string;
    changes: Record<string, unknown>;
  }>(sql`SELECT action, actor_name, actor_id, company_id, target_label, changes FROM audit_events WHERE target_id = ${targetId} ORDER BY id`);
}

let serial = 0;
/** A distinct member's phone and e-mail for a test. */
export function contact(tag = 'm'): { phone: string; mail: string } {
  serial += 1;
  return { phone: `139${String(serial).padStart(8, '0')}`, mail: `${tag}${serial}@example.com` };
}

/**
 * Adds a member through the API, accepts their invitation with MEMBER_PASSWORD and signs them
 * in: the whole path a new member takes, minus the mail delivery.
 */
export async function inviteAndSignIn(
  app: FastifyInstance,
  database: Database,
  inviter: Session,
  m: { name: string; roleIds: string[]; state?: 'enabled' | 'disabled' },
): Promise<{ id: string; mail: string; phone: string; session: Session }> {
  const c = contact();
  const added = (await call(app, inviter, api('/user/add'), { name: m.name, ...c, roleIds: m.roleIds, state: m.state ?? 'enabled' })).json();
  if (!added.success) throw new Error(`add failed: ${JSON.stringify(added)}`);
  const token = await queuedInvitationToken(database, c.mail);
  const accepted = (
    await app.inject({
      method: 'POST',
      url: api('/user/invitation/accept'),
      payload: { token, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD },
    })
  ).json();
  if (!accepted.success) throw new Error(`accept failed: ${JSON.stringify(accepted)}`);
  return { id: added.obj.id, ...c, session: await login(app, c.mail, MEMBER_PASSWORD) };
}
