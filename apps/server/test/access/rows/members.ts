import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { mail, phone, prepare, unique } from './setup.js';

const MEMBER_NOT_FOUND = 30001;
const INVITATION_INVALID = 30004;
const ROLE_NOT_FOUND = 30006;

/** The demo company's records: its sub-company and a foreign company do not find them. */
const foreignTo = (code: number) => ({ sub: code, foreign: code });

const specialistRole = async (fx: Fixtures) => {
  const [r] = await fx.t.database.rows<{ id: string }>(sql`SELECT id FROM roles WHERE company_id = ${fx.demo.id} AND NOT is_super ORDER BY name LIMIT 1`);
  return r.id;
};
/** A non-super role of the caller's own company (the sub-company's or the foreign company's). */
async function ownRole(fx: Fixtures, caller: string) {
  const id = caller === 'sub' ? fx.sub.id : fx.other.id;
  const [r] = await fx.t.database.rows<{ id: string }>(sql`SELECT id FROM roles WHERE company_id = ${id} AND NOT is_super ORDER BY name LIMIT 1`);
  return r.id;
}
const pendingMember = async (fx: Fixtures) =>
  prepare(fx, 'POST /rrp/user/add', { name: '待邀请', phone: phone(), mail: mail(), roleIds: [await specialistRole(fx)], state: 'enabled' });
const newRole = (fx: Fixtures) => prepare(fx, 'POST /rrp/role/add', { name: unique('角色'), permissions: ['DEVICE_LIST'] });

/** Members, their invitation, and roles. */
export const memberRows: MatrixRows = {
  // ---- members
  'POST /rrp/user/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/user/detail': { request: async (fx) => ({ body: { id: (await fx.member()).id } }), expect: foreignTo(MEMBER_NOT_FOUND) },
  'POST /rrp/user/add': {
    request: async (fx, c) => ({
      body: {
        name: '新成员',
        phone: phone(),
        mail: mail(),
        roleIds: [c === 'holder' || c === 'lacking' ? await specialistRole(fx) : await ownRole(fx, c)],
        state: 'enabled',
      },
    }),
  },
  'POST /rrp/user/detail/update': {
    request: async (fx) => {
      const m = await fx.member();
      return { body: { id: m.id, name: '改名成员', phone: phone(), mail: m.email, roleIds: [await specialistRole(fx)] } };
    },
    expect: foreignTo(MEMBER_NOT_FOUND),
  },
  'POST /rrp/user/update': { request: async (fx) => ({ body: { id: (await fx.member()).id, state: 'disabled' } }), expect: foreignTo(MEMBER_NOT_FOUND) },
  'POST /rrp/user/delete': { request: async (fx) => ({ body: { id: (await fx.member()).id } }), expect: foreignTo(MEMBER_NOT_FOUND) },
  'POST /rrp/user/reInvite': { request: async (fx) => ({ body: { id: (await pendingMember(fx)).id } }), expect: foreignTo(MEMBER_NOT_FOUND) },
  // the token travels only by mail: a made-up one is refused for what it is, not as "not signed in"
  'POST /rrp/user/invitation/check': { request: () => ({ body: { token: 'a'.repeat(43) } }), expect: { nobody: INVITATION_INVALID } },
  'POST /rrp/user/invitation/accept': {
    request: () => ({ body: { token: 'a'.repeat(43), password: 'Matrix#2026x', confirmPassword: 'Matrix#2026x' } }),
    expect: { nobody: INVITATION_INVALID },
  },

  // ---- roles
  'POST /rrp/role/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/role/detail': { request: async (fx) => ({ body: { id: (await newRole(fx)).id } }), expect: foreignTo(ROLE_NOT_FOUND) },
  'POST /rrp/role/add': { request: () => ({ body: { name: unique('角'), permissions: ['DEVICE_LIST'] } }) },
  'POST /rrp/role/update': {
    request: async (fx) => ({ body: { id: (await newRole(fx)).id, name: unique('改'), permissions: ['DEVICE_LIST', 'DEVICE_IMPORT'] } }),
    expect: foreignTo(ROLE_NOT_FOUND),
  },
  'POST /rrp/role/delete': { request: async (fx) => ({ body: { id: (await newRole(fx)).id } }), expect: foreignTo(ROLE_NOT_FOUND) },
  'POST /rrp/role/permissionTree': {},
  'POST /rrp/role/options': {},
};
