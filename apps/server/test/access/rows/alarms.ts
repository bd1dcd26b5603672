import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { prepare } from './setup.js';

const SETTING_NOT_FOUND = 32001;
const BILLED_BY_PARENT = 32003;
const ALARM_NOT_FOUND = 32004;

const setting = { name: '矩阵告警', scope: 'all', period: 'day', status: 'off', emails: 'ops@matrix-corp.com', threshold: 100, urgentThreshold: 200 };

/** A device alarm setting of the demo company (switched off, so nothing evaluates it). */
const demoSetting = (fx: Fixtures) => prepare(fx, 'POST /rrp/alarmSetting/add', setting);

/** An open alarm of the demo company, written directly (alarms are raised by the job only). */
async function demoAlarm(fx: Fixtures): Promise<string> {
  const [a] = await fx.t.database.rows<{ id: string }>(
    sql`INSERT INTO alarms (company_id, type, level, dedupe_key, params)
        VALUES (${fx.demo.id}, 'pool_flow', 'warning', ${`matrix:${randomUUID()}`}, '{"value": 100, "remainingMb": 50}'::jsonb) RETURNING id`,
  );
  return a.id;
}

/** Pool warning policy, device alarm settings and the alarm list: the caller's own company only. */
export const alarmRows: MatrixRows = {
  'POST /rrp/poolWarning/query': {},
  // the demo sub-company is billed by its parent: the parent sets the policy
  'POST /rrp/poolWarning/update': { request: () => ({ body: { warningValue: 500, alarmValue: 100 } }), expect: { sub: BILLED_BY_PARENT } },
  'POST /rrp/alarmSetting/list': {},
  'POST /rrp/alarmSetting/add': { request: () => ({ body: setting }) },
  'POST /rrp/alarmSetting/update': {
    request: async (fx) => ({ body: { ...setting, id: (await demoSetting(fx)).id, name: '矩阵告警改' } }),
    expect: { sub: SETTING_NOT_FOUND, foreign: SETTING_NOT_FOUND },
  },
  'POST /rrp/alarmSetting/delete': {
    request: async (fx) => ({ body: { id: (await demoSetting(fx)).id } }),
    expect: { sub: SETTING_NOT_FOUND, foreign: SETTING_NOT_FOUND },
  },
  'POST /rrp/alarmSetting/recommend': { request: () => ({ body: { scope: 'all', period: 'week' } }) },
  'POST /rrp/alarm/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/alarm/handle': {
    request: async (fx) => ({ body: { ids: [await demoAlarm(fx)] } }),
    expect: { sub: ALARM_NOT_FOUND, foreign: ALARM_NOT_FOUND },
  },
  'GET /rrp/alarm/download': {
    request: async (fx) => ({ query: { id: await demoAlarm(fx) } }),
    expect: { sub: ALARM_NOT_FOUND, foreign: ALARM_NOT_FOUND },
  },
};
