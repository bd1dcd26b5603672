import type { TDeviceRow } from '@rrp/contracts';

const MB = 1048576;

/**
 * A device row as `/device/list` answers it: a European device on its physical card, online,
 * on the built-in simulated network, without group or usage; tests override what they are about.
 */
export function deviceRow(overrides: Partial<TDeviceRow> = {}): TDeviceRow {
  return {
    id: 'd1',
    imei: '861234567890123',
    name: 'Pump 1',
    region: 'europe',
    status: 'physical_card',
    online: true,
    suspended: false,
    autoRenew: true,
    realName: 'real_name',
    iccid: '8986001234567890123',
    eid: null,
    networkOperator: 'Vodafone',
    networkOperatorCode: '26202',
    networkType: '4G',
    signalLevel: 4,
    area: 'Berlin',
    areaCode: 'de-berlin',
    groupId: null,
    groupName: null,
    groupNameCode: null,
    strategyName: null,
    dataCapMb: null,
    capSuspended: false,
    usageYesterdayMb: 0,
    usageMonthMb: 0,
    usageYesterdayBytes: 0,
    usageMonthBytes: 0,
    activatedAt: '2026-10-01T00:00:00Z',
    licenseExpiresAt: '2027-10-01T00:00:00Z',
    createdAt: '2026-09-30T12:00:00Z',
    updatedAt: '2026-11-21T08:00:00Z',
    platform: { kind: 'simulated', unreachableSince: null, disabled: false },
    ...overrides,
  };
}

/** Usage in both fields the row carries, from MB. */
export const usageOf = (yesterdayMb: number, monthMb: number): Partial<TDeviceRow> => ({
  usageYesterdayMb: yesterdayMb,
  usageMonthMb: monthMb,
  usageYesterdayBytes: yesterdayMb * MB,
  usageMonthBytes: monthMb * MB,
});

/** The company's default group as the list names it. */
export const DEFAULT_GROUP: Partial<TDeviceRow> = { groupId: '0b9a1459-0000-4000-8000-000000000001', groupName: '默认分组', groupNameCode: 'default' };
