import type { TDeviceOperation, TEsimDetail, TEsimProfile, TEsimRow } from '@rrp/contracts';

/* What the eSIM endpoints answer, shaped by the contracts, for the tests of the eSIM list page. */

/** The permission that opens /esim-list. */
export const ESIM_PERMS = ['DEVICE_LIST'];

export const EID_A = '89049032000000000000000000000001';
export const EID_B = '89049032000000000000000000000002';
export const ICCID_ON = '89860000000000000011';
export const ICCID_OFF = '89860100000000000022';
export const ICCID_GONE = '89861100000000000033';
export const AC_CODE = 'LPA:1$smdp.example.com$MATCH-0002';

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

export function esimRow(overrides: Partial<TEsimRow> = {}): TEsimRow {
  return {
    eid: EID_A,
    imei: '860000000000001',
    deviceName: '仓库网关',
    companyName: '示例科技',
    profileCount: 2,
    operatorCode: '46000',
    iccid: ICCID_ON,
    state: 'activated',
    inUse: true,
    pending: false,
    usageYesterday: 512 * MB,
    usageMonth: 3 * GB,
    createdAt: '2026-11-20T08:30:00Z',
    ...overrides,
  };
}

export const ROWS: TEsimRow[] = [
  esimRow(),
  esimRow({
    eid: EID_B,
    imei: '860000000000002',
    deviceName: '冷库 2',
    profileCount: 1,
    operatorCode: null,
    iccid: null,
    state: 'paused',
    inUse: false,
    pending: true,
    usageYesterday: 0,
    usageMonth: 0,
  }),
];

export function profile(overrides: Partial<TEsimProfile> = {}): TEsimProfile {
  return {
    iccid: ICCID_ON,
    operatorCode: '46000',
    state: 'enabled',
    acCode: null,
    usageBytes: 2 * GB,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

export const PROFILES: TEsimProfile[] = [
  profile(),
  profile({ iccid: ICCID_OFF, operatorCode: '46001', state: 'disabled', acCode: AC_CODE, usageBytes: 10 * MB, createdAt: '2026-11-21T02:00:00Z' }),
  profile({ iccid: ICCID_GONE, operatorCode: '46011', state: 'deleted', usageBytes: 0 }),
];

export function operation(overrides: Partial<TDeviceOperation> = {}): TDeviceOperation {
  return {
    id: 1,
    action: 'esim_enable',
    status: 'done',
    actor: 'Alice',
    detail: { iccid: ICCID_ON },
    createdAt: '2026-11-21T03:00:00Z',
    finishedAt: '2026-11-21T03:00:04Z',
    ...overrides,
  };
}

export const FAILED_DELETE = operation({
  id: 2,
  action: 'esim_delete',
  status: 'failed',
  actor: null,
  detail: { iccid: ICCID_GONE, result: 'failed', code: 51005 },
  createdAt: '2026-11-22T03:00:00Z',
  finishedAt: '2026-11-22T03:00:05Z',
});

export function esimDetail(overrides: Partial<TEsimDetail> = {}): TEsimDetail {
  return { esim: esimRow(), profiles: PROFILES, operations: [FAILED_DELETE, operation()], ...overrides };
}

/** A detail whose latest command (an enable) still runs. */
export const PENDING_DETAIL = esimDetail({
  esim: esimRow({ pending: true }),
  operations: [operation({ id: 3, status: 'pending', detail: { iccid: ICCID_OFF }, finishedAt: null }), operation()],
});
