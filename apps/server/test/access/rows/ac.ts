import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { payerOf } from '../../../src/modules/licenses/index.js';
import { xlsx } from '../../devices.js';
import type { CallerName, Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

const AC_NOT_FOUND = 34001;
const code = () => `LPA:1$smdp.matrix.example$M-${randomUUID()}`;

/** An AC of the demo company, written directly: idle, or bound to a new device of the company. */
async function demoAc(fx: Fixtures, status: 'IDLE' | 'ASSIGNED' = 'IDLE'): Promise<string> {
  const acCode = code();
  const device = status === 'ASSIGNED' ? (await fx.device(fx.demo.id)).id : null;
  await fx.t.database.rows(
    sql`INSERT INTO ac_codes (company_id, ac_code, imei, status, device_id, bound_at, import_id)
        VALUES (${fx.demo.id}, ${acCode}, '869900000000000', ${status}, ${device}, ${device ? sql`now()` : null}, ${randomUUID()})`,
  );
  return acCode;
}

/** The company a caller imports into: the demo company for those its request is refused to anyway. */
const companyOf = (fx: Fixtures, caller: CallerName) => (caller === 'sub' ? fx.sub.id : caller === 'foreign' ? fx.other.id : fx.demo.id);

/** Calls that name one AC of the demo company: the sub-company and a foreign company do not find it. */
const onDemoAc = (status: 'IDLE' | 'ASSIGNED', body: (acCode: string, fx: Fixtures) => unknown | Promise<unknown>) => ({
  request: async (fx: Fixtures) => ({ body: await body(await demoAc(fx, status), fx) }),
  expect: { sub: AC_NOT_FOUND, foreign: AC_NOT_FOUND },
});

/** The AC list of the caller's own company. */
export const acRows: MatrixRows = {
  'POST /rrp/ac/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  // every caller imports into its own company, with one AC License of stock given to the company that pays
  'POST /rrp/ac/import': {
    request: async (fx, caller) => {
      const payer = await payerOf(fx.t.database, companyOf(fx, caller));
      await fx.t.database.rows(sql`INSERT INTO ac_license_ledger (company_id, delta, reason) VALUES (${payer.id}, 1, 'grant')`);
      return {
        parts: [
          { name: 'count', value: '000001' },
          {
            name: 'file',
            value: await xlsx([[code(), '869800000000002', null, null, '中国移动']], ['AC', 'IMEI', 'EID', 'ICCID', '运营商']),
            filename: 'ac.xlsx',
          },
        ],
      };
    },
  },
  'GET /rrp/ac/import/template': {},
  'POST /rrp/ac/bind': onDemoAc('IDLE', async (acCode, fx) => ({ acCode, imei: (await fx.device(fx.demo.id)).imei })),
  'POST /rrp/ac/unbind': onDemoAc('ASSIGNED', (acCode) => ({ acCode })),
  'POST /rrp/ac/delete': onDemoAc('IDLE', (acCode) => ({ acCode })),
  'POST /rrp/ac/license/count': {},
};
