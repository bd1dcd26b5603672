import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { prepare } from './setup.js';

const DEVICE_NOT_FOUND = 23003;
const NOT_IN_ACCOUNT = 23009;
const STRATEGY_NOT_FOUND = 33001;
const DETECTION_NOT_FOUND = 33004;

const strategy = () => ({
  name: `矩${randomUUID().slice(0, 6)}`,
  interval: 5,
  type: 'single',
  domains: ['www.example.com'],
  quality: 'general',
  mode: 'any',
  packetLoss: 5,
  delay: 400,
  jitter: 50,
  switchTo: 'next',
});

/** A strategy of the demo company. */
const demoStrategy = (fx: Fixtures) => prepare(fx, 'POST /rrp/strategy/add', strategy());

/** A detection of a demo company device, written directly (no command is sent). */
async function demoDetection(fx: Fixtures): Promise<string> {
  const d = await fx.device(fx.demo.id);
  const [x] = await fx.t.database.rows<{ id: string }>(
    sql`INSERT INTO detections (company_id, device_id, domain) VALUES (${fx.demo.id}, ${d.id}, 'www.example.com') RETURNING id`,
  );
  return x.id;
}

const onDemoDevice = (body: (d: { imei: string }) => unknown) => ({
  request: async (fx: Fixtures) => ({ body: body(await fx.device(fx.demo.id)) }),
  expect: { sub: DEVICE_NOT_FOUND, foreign: DEVICE_NOT_FOUND },
});

/** Monitoring strategies (the caller's own company), network detection and data caps (devices the scope reaches). */
export const monitoringRows: MatrixRows = {
  'POST /rrp/strategy/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/strategy/detail': {
    request: async (fx) => ({ body: { id: (await demoStrategy(fx)).id } }),
    expect: { sub: STRATEGY_NOT_FOUND, foreign: STRATEGY_NOT_FOUND },
  },
  'POST /rrp/strategy/add': { request: () => ({ body: strategy() }) },
  'POST /rrp/strategy/update': {
    request: async (fx) => ({ body: { ...strategy(), id: (await demoStrategy(fx)).id } }),
    expect: { sub: STRATEGY_NOT_FOUND, foreign: STRATEGY_NOT_FOUND },
  },
  'POST /rrp/strategy/delete': {
    request: async (fx) => ({ body: { id: (await demoStrategy(fx)).id } }),
    expect: { sub: STRATEGY_NOT_FOUND, foreign: STRATEGY_NOT_FOUND },
  },
  'POST /rrp/strategy/devices/update': {
    request: async (fx) => ({ body: { id: (await demoStrategy(fx)).id, imeis: [(await fx.device(fx.demo.id)).imei] } }),
    expect: { sub: STRATEGY_NOT_FOUND, foreign: STRATEGY_NOT_FOUND },
  },
  'POST /rrp/strategy/devices/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/detection/start': onDemoDevice((d) => ({ imei: d.imei, domain: 'www.example.com' })),
  'POST /rrp/detection/result': {
    request: async (fx) => ({ body: { id: await demoDetection(fx) } }),
    expect: { sub: DETECTION_NOT_FOUND, foreign: DETECTION_NOT_FOUND },
  },
  'POST /rrp/detection/list': {
    // a device of the demo company with one detection, so the holder's list names it
    request: async (fx) => {
      const d = await fx.device(fx.demo.id);
      await fx.t.database.rows(
        sql`INSERT INTO detections (company_id, device_id, domain) SELECT company_id, id, 'example.com' FROM devices WHERE id = ${d.id}`,
      );
      return { body: { imei: d.imei } };
    },
    expect: { sub: DEVICE_NOT_FOUND, foreign: DEVICE_NOT_FOUND },
  },
  'POST /rrp/dataCap/update': {
    request: async (fx) => ({ body: { imeis: [(await fx.device(fx.demo.id)).imei], capMb: 500 } }),
    expect: { sub: NOT_IN_ACCOUNT, foreign: NOT_IN_ACCOUNT },
  },
};
