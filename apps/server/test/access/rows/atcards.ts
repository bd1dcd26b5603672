import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

const AT_CARD_NOT_FOUND = 36001;

/** A new device of the demo company with two SIM slots, written directly (no attach). */
async function demoDeviceWithSlots(fx: Fixtures): Promise<{ imei: string }> {
  const d = await fx.device(fx.demo.id);
  await fx.t.database.rows(
    sql`INSERT INTO at_cards (device_id, slot, iccid, operator_code, state, synced_at)
        VALUES (${d.id}, 1, ${`8949020${d.imei.slice(-13)}`}, '26202', 'standby', now()),
               (${d.id}, 2, ${`8949010${d.imei.slice(-13)}`}, '26201', 'standby', now())`,
  );
  return d;
}

/** Calls naming a demo company device: the sub-company and a foreign company do not find it. */
const onDemoDevice = (body: (imei: string) => unknown) => ({
  request: async (fx: Fixtures) => ({ body: body((await demoDeviceWithSlots(fx)).imei) }),
  expect: { sub: AT_CARD_NOT_FOUND, foreign: AT_CARD_NOT_FOUND },
});

/** AT card management: every member reads the slots of the own company's devices; a command needs the device list's code. */
export const atCardRows: MatrixRows = {
  'POST /rrp/atCard/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/atCard/log': onDemoDevice((imei) => ({ imei })),
  'POST /rrp/atCard/command': onDemoDevice((imei) => ({ imei, command: 'switch', slot: 2 })),
};
