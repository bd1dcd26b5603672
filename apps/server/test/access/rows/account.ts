import type { MatrixRows } from '../matrix.js';

/** The member's account, the overview, announcements, feedback and the License count. */
export const accountRows: MatrixRows = {
  'POST /rrp/account/query': {},
  'POST /rrp/account/company': {},
  'POST /rrp/account/overview': {},
  'POST /rrp/announcement/list': {
    request: () => ({ body: { pageNum: 1, pageSize: 10 } }),
    ownerRowsAbsent: 'announcements are the platform’s, published to every company or to chosen ones',
  },
  'POST /rrp/announcement/detail': { request: (fx) => ({ body: { id: fx.announcementId } }) },
  'POST /rrp/announcement/mark': { request: (fx) => ({ body: { id: fx.announcementId, read: true } }) },
  'POST /rrp/feedback/add': { request: () => ({ body: { feedback: '矩阵反馈', source: 'feedback' } }) },
  'POST /rrp/license/query/count': {},
};
