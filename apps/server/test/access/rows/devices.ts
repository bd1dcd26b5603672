import { xlsx } from '../../devices.js';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

const DEVICE_NOT_FOUND = 23003;
const GROUP_NOT_FOUND = 25009;
const TASK_NOT_FOUND = 29012;
const NOT_IN_ACCOUNT = 23009;
const own = (fx: Fixtures, c: string) => (c === 'sub' ? fx.sub.id : c === 'foreign' ? fx.other.id : fx.sub.id);

/** Calls that name one device of the demo company: the sub-company and a foreign company do not find it. */
const onDemoDevice = (body: (d: { id: string; imei: string }, fx: Fixtures) => unknown, fields: { suspended?: boolean } = {}) => ({
  request: async (fx: Fixtures) => ({ body: body(await fx.device(fx.demo.id, fields), fx) }),
  expect: { sub: DEVICE_NOT_FOUND, foreign: DEVICE_NOT_FOUND },
});

const group = async (fx: Fixtures) => {
  const [g] = await fx.t.database.rows<{ id: string }>(
    (await import('drizzle-orm'))
      .sql`INSERT INTO device_groups (company_id, name) VALUES (${fx.demo.id}, ${`组${Math.random().toString(36).slice(2, 8)}`}) RETURNING id`,
  );
  return g.id;
};

/** Device import, the device list and its actions, groups, the export. */
export const deviceRows: MatrixRows = {
  'POST /rrp/device/import': {
    request: async () => ({
      parts: [
        { name: 'region', value: 'europe' },
        { name: 'file', value: await xlsx([['869800000000001', 'a']]), filename: 'd.xlsx' },
      ],
    }),
  },
  'GET /rrp/device/import/template': {},
  'POST /rrp/device/import/log/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/device/import/task': { request: (fx) => ({ body: { id: fx.importTaskId } }), expect: { sub: TASK_NOT_FOUND, foreign: TASK_NOT_FOUND } },
  'GET /rrp/device/import/failures/:taskId': {
    request: (fx) => ({ params: { taskId: fx.importTaskId } }),
    expect: { sub: TASK_NOT_FOUND, foreign: TASK_NOT_FOUND },
  },
  'POST /rrp/device/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/device/detail': onDemoDevice((d) => ({ imei: d.imei })),
  'POST /rrp/device/suspend': onDemoDevice((d) => ({ imei: d.imei })),
  'POST /rrp/device/unsuspend': onDemoDevice((d) => ({ imei: d.imei }), { suspended: true }),
  'POST /rrp/device/switchCard': onDemoDevice((d) => ({ imei: d.imei })),
  'POST /rrp/device/sync': onDemoDevice((d) => ({ imei: d.imei })),
  'POST /rrp/device/license/renew': onDemoDevice((d) => ({ imei: d.imei })),
  'POST /rrp/device/autoRenew': onDemoDevice((d) => ({ imei: d.imei, autoRenew: true })),
  // the sub-company and the foreign company move the demo company's device to themselves: not theirs
  'POST /rrp/device/migrate': {
    request: async (fx, c) => ({ body: { imeis: [(await fx.device()).imei], companyId: own(fx, c) } }),
    expect: { sub: NOT_IN_ACCOUNT, foreign: NOT_IN_ACCOUNT },
  },
  'GET /rrp/device/export': { request: () => ({ query: { mode: 'custom', start: '2026-11-01', end: '2026-11-02' } }) },
  'POST /rrp/device/group/list': {},
  'POST /rrp/device/group/add': { request: () => ({ body: { name: `组${Math.random().toString(36).slice(2, 8)}` } }) },
  'POST /rrp/device/group/rename': {
    request: async (fx) => ({ body: { id: await group(fx), name: `改${Math.random().toString(36).slice(2, 8)}` } }),
    expect: { sub: GROUP_NOT_FOUND, foreign: GROUP_NOT_FOUND },
  },
  'POST /rrp/device/group/delete': { request: async (fx) => ({ body: { id: await group(fx) } }), expect: { sub: GROUP_NOT_FOUND, foreign: GROUP_NOT_FOUND } },
  'POST /rrp/device/group/move': {
    request: async (fx) => ({ body: { groupId: await group(fx), imeis: [(await fx.device()).imei] } }),
    expect: { sub: NOT_IN_ACCOUNT, foreign: NOT_IN_ACCOUNT },
  },

  // the device API refuses a member's or a staff member's session: only a device key signs it
  'POST /device/report': { expect: { holder: 88003, staff: 88003 } },
};
