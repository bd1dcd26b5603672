import type { TCoverReport, TDeviceStatusReport, TFlowReport, TReportSubscription, TStabilityReport } from '@rrp/contracts';

export const REPORT_PERMS = ['OPERATION_REPORT'];
export const OWN_ID = '0b9a1459-0000-4000-8000-000000000001';
export const SUB_ID = '0b9a1459-0000-4000-8000-000000000099';
export const SUB_ROW_ID = '5f1d6c1e-0000-4000-8000-000000000007';
export const COMPANY_OPTIONS = {
  list: [
    { id: OWN_ID, name: '演示公司', parentId: null, depth: 0, state: 'enabled' },
    { id: SUB_ID, name: '华东子公司', parentId: OWN_ID, depth: 1, state: 'enabled' },
  ],
};

const MB = 1024 * 1024;
const GB = 1024 * MB;
const window = {
  period: '7d' as const,
  from: '2026-11-19',
  to: '2026-11-25',
  granularity: 'day' as const,
  buckets: ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'],
  companyId: OWN_ID,
  companyName: '演示公司',
};
const zeros = window.buckets.map(() => 0);

export const flowReport = (over: Partial<TFlowReport> = {}): TFlowReport => ({
  ...window,
  totalBytes: 7.5 * GB,
  usage: [1, 1.5, 0.5, 1, 1, 1.5, 1].map((g) => g * GB),
  topDevices: [
    { imei: '860000000000001', name: '门店一号', bytes: 2 * GB },
    { imei: '860000000000002', name: '', bytes: 900 * MB },
  ],
  byOperator: [
    { operator: '46000', bytes: 5 * GB },
    { operator: '26202', bytes: 2 * GB },
    { operator: '', bytes: 0.5 * GB },
  ],
  byRegion: [
    { region: 'cn-shanghai', bytes: 5 * GB },
    { region: 'europe', bytes: 2.5 * GB },
  ],
  pool: { consumed: [1, 1.5, 0.5, 1, 1, 1.5, 1].map((g) => g * GB), added: [0, 0, 10 * GB, 0, 0, 0, 0] },
  ...over,
});

export const deviceReport = (over: Partial<TDeviceStatusReport> = {}): TDeviceStatusReport => ({
  ...window,
  total: 52,
  byStatus: [
    { status: 'physical_card', count: 40 },
    { status: 'esim', count: 8 },
    { status: 'in_stock', count: 4 },
  ],
  onlineRate: [0.9, 0.92, null, 0.95, 0.9, 0.88, 0.93],
  imports: [10, 0, 0, 2, 0, 0, 0],
  expiries: [0, 1, 0, 0, 0, 0, 0],
  renewals: [0, 0, 0, 1, 0, 0, 3],
  ...over,
});

export const stabilityReport = (over: Partial<TStabilityReport> = {}): TStabilityReport => ({
  ...window,
  devices: [{ imei: '860000000000003', name: '仓库网关', onlineRatio: 0.42, offlineEpisodes: 9, longestOfflineMinutes: 125, switches: 3 }],
  episodesByLength: [
    { length: 'lt5m', count: 12 },
    { length: '5to30m', count: 4 },
    { length: '30mTo2h', count: 2 },
    { length: '2hTo12h', count: 1 },
    { length: 'gte12h', count: 1 },
  ],
  switches: [0, 1, 0, 2, 0, 0, 1],
  switchReasons: [
    { reason: 'strategy', count: 3 },
    { reason: 'manual', count: 1 },
    { reason: 'device_timeout', count: 1 },
  ],
  signal: [
    { level: 4, count: 30 },
    { level: -1, count: 2 },
    { level: 2, count: 20 },
  ],
  zeroUsage: { count: 3, devices: [{ imei: '860000000000009', name: '备用机' }] },
  ...over,
});

export const coverReport = (over: Partial<TCoverReport> = {}): TCoverReport => ({
  ...window,
  devices: 52,
  totalBytes: 7.5 * GB,
  byRegion: [
    { region: 'china_mainland', devices: 40, bytes: 5 * GB },
    { region: 'europe', devices: 12, bytes: 2.5 * GB },
  ],
  byOperator: [
    { operator: '46000', devices: 40, bytes: 5 * GB },
    { operator: '26201', devices: 12, bytes: 2.5 * GB },
  ],
  byNetworkType: [
    { networkType: '4G', devices: 44, bytes: 6 * GB },
    { networkType: '', devices: 8, bytes: 1.5 * GB },
  ],
  ...over,
});

/** Every report of a period without a single figure. */
export const emptyReports = {
  flow: flowReport({ totalBytes: 0, usage: zeros, topDevices: [], byOperator: [], byRegion: [], pool: { consumed: zeros, added: zeros } }),
  device: deviceReport({ total: 0, byStatus: [], onlineRate: zeros.map(() => null), imports: zeros, expiries: zeros, renewals: zeros }),
  stability: stabilityReport({
    devices: [],
    episodesByLength: [],
    switches: zeros,
    switchReasons: [],
    signal: [],
    zeroUsage: { count: 0, devices: [] },
  }),
  cover: coverReport({ devices: 0, totalBytes: 0, byRegion: [], byOperator: [], byNetworkType: [] }),
};

export const subscription = (over: Partial<TReportSubscription> = {}): TReportSubscription => ({
  id: SUB_ROW_ID,
  report: 'stability',
  frequency: 'monthly',
  period: '90d',
  companyId: OWN_ID,
  companyName: '演示公司',
  email: 'alice@example.com',
  nextRunAt: '2026-12-01T01:00:00.000Z',
  lastSentAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});
