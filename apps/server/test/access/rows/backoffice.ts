import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { prepare } from './setup.js';

const announcement = () => ({
  titleZh: '矩阵公告',
  titleEn: 'Matrix notice',
  contentZh: '<p>内容</p>',
  contentEn: '<p>Body</p>',
  audience: 'all',
  companyIds: [],
});
const draft = (fx: Fixtures) => prepare(fx, 'POST /ops/announcement/add', announcement(), fx.sessions.staff);

/** The audit log (customers' and the back office's), the back office's announcements and feedback inbox. */
export const backOfficeRows: MatrixRows = {
  'POST /rrp/audit/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'GET /rrp/audit/export': { request: () => ({ query: { from: '2026-01-01' } }) },
  'POST /ops/audit/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'GET /ops/audit/export': { request: () => ({ query: { from: '2026-01-01' } }) },

  'POST /ops/announcement/list': { request: () => ({ body: {} }) },
  'POST /ops/announcement/detail': { request: async (fx) => ({ body: { id: (await draft(fx)).id } }) },
  'POST /ops/announcement/add': { request: () => ({ body: announcement() }) },
  'POST /ops/announcement/update': { request: async (fx) => ({ body: { ...announcement(), id: (await draft(fx)).id, titleEn: 'Edited' } }) },
  'POST /ops/announcement/publish': { request: async (fx) => ({ body: { id: (await draft(fx)).id } }) },
  'POST /ops/announcement/delete': { request: async (fx) => ({ body: { id: (await draft(fx)).id } }) },
  'POST /ops/feedback/list': { request: () => ({ body: {} }) },
  'POST /ops/feedback/handle': {
    request: async (fx) => {
      const [f] = await fx.t.database.rows<{ id: number }>(
        sql`INSERT INTO feedback (company_id, user_id, text, source) SELECT company_id, id, '矩阵反馈', 'feedback' FROM users WHERE email = 'admin@demo.rrp.local' RETURNING id`,
      );
      return { body: { id: Number(f.id) } };
    },
  },
};
