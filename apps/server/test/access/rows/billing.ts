import { sql } from 'drizzle-orm';
import { closeBill } from '../../../src/modules/billing/index.js';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

const BILL_NOT_FOUND = 31011;
const DEVICE_NOT_FOUND = 23003;

/** A closed bill of the demo company (the sub-company is billed by it, so it reads it too; a foreign company does not find it). */
async function demoBill(fx: Fixtures): Promise<string> {
  await closeBill(fx.t.database, fx.demo.id, '2000-01');
  const [b] = await fx.t.database.rows<{ id: string }>(sql`SELECT id FROM bills WHERE company_id = ${fx.demo.id} ORDER BY bill_month DESC LIMIT 1`);
  if (!b) throw new Error('no bill of the demo company');
  return b.id;
}

/** Monthly bills: read by the paying company and the sub-companies it bills; a device's lines within the caller's subtree. */
export const billingRows: MatrixRows = {
  'POST /rrp/billingRecord/list': { request: () => ({ body: { pageNum: 1, pageSize: 12 } }) },
  'POST /rrp/billingRecord/detail': { request: async (fx) => ({ body: { id: await demoBill(fx) } }), expect: { foreign: BILL_NOT_FOUND } },
  'GET /rrp/billingRecord/export': { request: async (fx) => ({ query: { id: await demoBill(fx) } }), expect: { foreign: BILL_NOT_FOUND } },
  'POST /rrp/billingRecord/device': {
    request: async (fx) => ({ body: { imei: (await fx.device(fx.demo.id)).imei } }),
    expect: { sub: DEVICE_NOT_FOUND, foreign: DEVICE_NOT_FOUND },
  },
};
