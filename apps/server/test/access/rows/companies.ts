import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { certificationParts, mail, phone, prepare, submitted, submittedCertification, uncertified, unique } from './setup.js';

const COMPANY_NOT_FOUND = 21001;
const CODE_WRONG = 29003;
const OLD_PASSWORD_WRONG = 22005;
const NO_SUBMISSION = 30030;
const NOT_SUBMITTABLE = 30013;

/** The demo company's records: its sub-company and a foreign company do not find them. */
const foreignTo = (code: number) => ({ sub: code, foreign: code });

const newSubCompany = (fx: Fixtures) => prepare(fx, 'POST /rrp/company/add', { name: unique('子公司'), country: 'CN', billing: 'parent' });
const companyNameOf = async (fx: Fixtures, caller: string) => {
  const id = caller === 'sub' ? fx.sub.id : caller === 'foreign' ? fx.other.id : fx.demo.id;
  const [c] = await fx.t.database.rows<{ name: string; country: string }>(sql`SELECT name, country FROM companies WHERE id = ${id}`);
  return c;
};

/** The company tree, certification and its review, the company directory, and each member's own account settings. */
export const companyRows: MatrixRows = {
  // ---- the company tree: every caller works in its own tree; the demo company's records are not found by others
  'POST /rrp/company/tree': {},
  'POST /rrp/company/options': {},
  'POST /rrp/company/add': { request: () => ({ body: { name: unique('新子公司'), country: 'CN', billing: 'independent' } }) },
  'POST /rrp/company/update': {
    request: async (fx) => ({ body: { id: (await newSubCompany(fx)).id, name: unique('改名公司'), country: 'SG', billing: 'independent' } }),
    expect: foreignTo(COMPANY_NOT_FOUND),
  },
  'POST /rrp/company/state': {
    request: async (fx) => ({ body: { id: (await newSubCompany(fx)).id, state: 'disabled' } }),
    expect: foreignTo(COMPANY_NOT_FOUND),
  },
  'POST /rrp/company/admin/invite': {
    request: async (fx) => ({ body: { companyId: (await newSubCompany(fx)).id, name: '子公司管理员', phone: phone(), mail: mail() } }),
    expect: foreignTo(COMPANY_NOT_FOUND),
  },
  // the parent's dashboard: the sub-company never reads its parent
  'POST /rrp/company/dashboard': { request: (fx) => ({ body: { id: fx.demo.id } }), expect: foreignTo(COMPANY_NOT_FOUND) },

  // ---- certification: the holder is an uncertified company's administrator; verified companies (the sub-company, the foreign one) cannot submit
  'POST /rrp/company/certification/query': {},
  'POST /rrp/company/certification/submit': {
    request: async (fx, c) => ({ parts: certificationParts('矩阵公司'), as: c === 'holder' ? (await uncertified(fx)).session : undefined }),
    expect: { sub: NOT_SUBMITTABLE, foreign: NOT_SUBMITTABLE },
  },
  'GET /rrp/company/certification/image': {
    request: async (fx, c) => (c === 'holder' ? { as: (await submitted(fx)).session } : {}),
    // the verified demo sub-company and the foreign company never submitted a form
    expect: { sub: NO_SUBMISSION, foreign: NO_SUBMISSION },
  },
  'POST /ops/certification/list': { request: () => ({ body: { state: 'review' } }) },
  'POST /ops/certification/detail': { request: async (fx) => ({ body: { id: await submittedCertification(fx) } }) },
  'GET /ops/certification/image/:id': { request: async (fx) => ({ params: { id: await submittedCertification(fx) } }) },
  'POST /ops/certification/approve': { request: async (fx) => ({ body: { id: await submittedCertification(fx) } }) },
  'POST /ops/certification/reject': { request: async (fx) => ({ body: { id: await submittedCertification(fx), reason: '营业执照模糊' } }) },
  'POST /ops/company/list': { request: () => ({ body: { keyword: '演示' } }) },
  'POST /ops/company/detail': { request: (fx) => ({ body: { id: fx.demo.id } }) },

  // ---- account settings: each member changes its own account
  'POST /rrp/account/update': { request: () => ({ body: { name: '矩阵用户', phone: phone(), jobTitle: '测试' } }) },
  'POST /rrp/account/email/code': { request: () => ({ body: { email: mail() } }) },
  'POST /rrp/account/email/update': {
    request: () => ({ body: { email: mail(), code: '000000' } }),
    expect: { holder: CODE_WRONG, lacking: CODE_WRONG, sub: CODE_WRONG, foreign: CODE_WRONG },
  },
  'POST /rrp/account/password/update': {
    request: async (fx, c) =>
      c === 'holder'
        ? { body: { oldPassword: 'Demo#2026pass', password: 'Matrix#2026new', confirmPassword: 'Matrix#2026new' }, as: (await fx.scratch()).session }
        : { body: { oldPassword: 'Wrong#2026pass', password: 'Matrix#2026new', confirmPassword: 'Matrix#2026new' } },
    expect: { lacking: OLD_PASSWORD_WRONG, sub: OLD_PASSWORD_WRONG, foreign: OLD_PASSWORD_WRONG },
  },
  'POST /rrp/account/company/update': {
    request: async (fx, c) => {
      const own = await companyNameOf(fx, c);
      return { body: { name: own.name, country: own.country, address: '北京市海淀区' } };
    },
  },
};
