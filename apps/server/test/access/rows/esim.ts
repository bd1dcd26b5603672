import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

const ESIM_NOT_FOUND = 35001;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** An eSIM of the demo company: a new device with an EID, an enabled and a disabled profile; paused on request. */
async function demoEsim(fx: Fixtures, paused = false): Promise<{ eid: string; enabled: string; disabled: string }> {
  const d = await fx.device(fx.demo.id);
  const esim = { eid: `89049032${digits(24)}`, enabled: `8986${digits(16)}`, disabled: `8986${digits(16)}` };
  await fx.t.database.rows(sql`UPDATE devices SET eid = ${esim.eid}, esim_paused = ${paused} WHERE id = ${d.id}`);
  await fx.t.database.rows(
    sql`INSERT INTO esim_profiles (device_id, iccid, operator_code, state)
        VALUES (${d.id}, ${esim.enabled}, '26202', 'enabled'), (${d.id}, ${esim.disabled}, '26201', 'disabled')`,
  );
  return esim;
}

/** Calls that name one eSIM of the demo company: the sub-company and a foreign company do not find it. */
const onDemoEsim = (body: (e: Awaited<ReturnType<typeof demoEsim>>) => unknown, paused = false) => ({
  request: async (fx: Fixtures) => ({ body: body(await demoEsim(fx, paused)) }),
  expect: { sub: ESIM_NOT_FOUND, foreign: ESIM_NOT_FOUND },
});

/** The eSIM list and EID detail of the caller's own company. */
export const esimRows: MatrixRows = {
  'POST /rrp/esim/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/esim/detail': onDemoEsim((e) => ({ eid: e.eid })),
  'POST /rrp/esim/profile/enable': onDemoEsim((e) => ({ eid: e.eid, iccid: e.disabled })),
  'POST /rrp/esim/profile/disable': onDemoEsim((e) => ({ eid: e.eid, iccid: e.enabled })),
  'POST /rrp/esim/profile/delete': onDemoEsim((e) => ({ eid: e.eid, iccid: e.disabled })),
  'POST /rrp/esim/activate': onDemoEsim((e) => ({ eid: e.eid }), true),
  'POST /rrp/esim/pause': onDemoEsim((e) => ({ eid: e.eid })),
  'GET /rrp/esim/export': { request: () => ({ query: { state: 'activated' } }) },
};
