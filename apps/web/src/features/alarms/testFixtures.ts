import type { TAlarm, TAlarmSetting, TPoolWarning } from '@rrp/contracts';

/* What the alarm endpoints answer, shaped by the contracts, for the tests of the alarm pages. */

export const SETTING_ID = '5a6b7c8d-0000-4000-8000-000000000001';
export const GROUP_ID = '6b7c8d9e-0000-4000-8000-000000000001';
export const ALARM_IDS = ['7c8d9e0f-0000-4000-8000-000000000001', '7c8d9e0f-0000-4000-8000-000000000002', '7c8d9e0f-0000-4000-8000-000000000003'];

/** The permissions that open both alarm pages. */
export const ALARM_PERMS = ['SERVICE_SETTING', 'SERVICE_SETTING_ALARM_MANAGE'];

export function poolWarning(overrides: Partial<TPoolWarning> = {}): TPoolWarning {
  return {
    warningValue: 2048,
    alarmValue: 512,
    payerCompanyName: '示例科技',
    editable: true,
    dataTotalMb: 102400,
    dataRemainingMb: 51200,
    updatedAt: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

export function alarmSetting(overrides: Partial<TAlarmSetting> = {}): TAlarmSetting {
  return {
    id: SETTING_ID,
    name: '日流量超限',
    scope: 'all',
    groupId: null,
    groupName: null,
    thresholdType: 'device_flow',
    period: 'day',
    status: 'on',
    emails: 'ops@example.com,noc@example.com',
    threshold: 100,
    urgentThreshold: 200,
    createdAt: '2026-11-18T02:30:00Z',
    updatedAt: '2026-11-18T02:30:00Z',
    ...overrides,
  };
}

export const GROUPS = [
  { id: '6b7c8d9e-0000-4000-8000-000000000000', name: 'Default', nameCode: 'default', isDefault: true, deviceCount: 10, createdAt: '2026-11-01T00:00:00Z' },
  { id: GROUP_ID, name: '华东仓库', nameCode: null, isDefault: false, deviceCount: 4, createdAt: '2026-11-02T00:00:00Z' },
];

export function alarm(overrides: Partial<TAlarm> = {}): TAlarm {
  const id = overrides.id ?? ALARM_IDS[0];
  return {
    id,
    alarmNo: 'A000001',
    title: '设备日流量超过告警阈值',
    type: 'device_flow',
    level: 'major',
    state: 'open',
    companyId: 'c1',
    companyName: '示例科技',
    imei: '860000000000001',
    settingName: '日流量超限',
    createdAt: '2026-11-20T01:00:00Z',
    escalatedAt: null,
    endedAt: null,
    handledAt: null,
    handledBy: null,
    downloadUrl: `/api/v1/rrp/alarm/download?id=${id}`,
    ...overrides,
  };
}

export const ALARMS: TAlarm[] = [
  alarm({ level: 'critical', escalatedAt: '2026-11-20T03:00:00Z' }),
  alarm({
    id: ALARM_IDS[1],
    alarmNo: 'A000002',
    title: '流量池剩余低于预警值',
    type: 'pool_flow',
    level: 'warning',
    imei: null,
    settingName: null,
    createdAt: '2026-11-19T05:00:00Z',
  }),
  alarm({
    id: ALARM_IDS[2],
    alarmNo: 'A000003',
    level: 'major',
    state: 'ended',
    createdAt: '2026-11-18T05:00:00Z',
    endedAt: '2026-11-19T00:00:00Z',
    handledAt: '2026-11-18T09:30:00Z',
    handledBy: 'Alice',
  }),
];
