import { REPORT_PERIODS } from '@rrp/contracts';
import type { CallerName, Fixtures } from '../fixtures.js';
import { CALLERS } from '../fixtures.js';
import type { MatrixRow, MatrixRows } from '../matrix.js';
import { prepare } from './setup.js';

const COMPANY_NOT_FOUND = 21001;
const SUBSCRIPTION_NOT_FOUND = 37001;

/** A report of the demo company: its sub-company's admin and a foreign company do not reach it. */
const demoReport: MatrixRow = {
  request: (fx) => ({ body: { period: '7d', companyId: fx.demo.id } }),
  expect: { sub: COMPANY_NOT_FOUND, foreign: COMPANY_NOT_FOUND },
};

/** A subscription of the holder's, a different one for each caller (each row builds one per caller). */
const holderSubscription = (fx: Fixtures, caller: CallerName) =>
  prepare<{ id: string }>(fx, 'POST /rrp/report/subscription/add', { report: 'cover', frequency: 'monthly', period: REPORT_PERIODS[CALLERS.indexOf(caller)] });

/** The operation reports (one company of the caller's tree) and the caller's own subscriptions. */
export const reportRows: MatrixRows = {
  'POST /rrp/report/flow': demoReport,
  'POST /rrp/report/device': demoReport,
  'POST /rrp/report/stability': demoReport,
  'POST /rrp/report/cover': demoReport,
  'GET /rrp/report/export': {
    request: (fx) => ({ query: { report: 'flow', period: '30d', companyId: fx.demo.id } }),
    expect: { sub: COMPANY_NOT_FOUND, foreign: COMPANY_NOT_FOUND },
  },
  'POST /rrp/report/subscription/list': {},
  'POST /rrp/report/subscription/add': { request: () => ({ body: { report: 'flow', frequency: 'daily', period: '7d' } }) },
  'POST /rrp/report/subscription/delete': {
    request: async (fx, caller) => ({ body: { id: (await holderSubscription(fx, caller)).id } }),
    expect: { sub: SUBSCRIPTION_NOT_FOUND, foreign: SUBSCRIPTION_NOT_FOUND },
  },
};
