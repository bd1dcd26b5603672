import { AREA_CODES, NETWORK_OPERATOR_CODES } from '@rrp/contracts/constants';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import en from '../../locales/en/devices.json';
import zh from '../../locales/zh-CN/devices.json';
import { DEFAULT_GROUP, deviceRow, usageOf } from '../../test/deviceRow';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const ROW = deviceRow({
  region: 'china_mainland',
  status: 'esim',
  networkOperator: 'China Mobile',
  networkOperatorCode: '46000',
  area: 'Guangdong Guangzhou',
  areaCode: 'cn-gd-guangzhou',
  ...DEFAULT_GROUP,
  ...usageOf(1.5, 3),
});
/** A device whose data the platform has no code for: shown as the server sent it, in either language. */
const UNKNOWN = {
  ...ROW,
  id: 'd2',
  imei: '861234567890124',
  networkOperator: 'Acme Mobile',
  networkOperatorCode: null,
  groupName: '华南仓库',
  groupNameCode: null,
};
const GROUPS = {
  list: [
    { id: '0b9a1459-0000-4000-8000-000000000001', name: '默认分组', nameCode: 'default', isDefault: true, deviceCount: 1, createdAt: '2026-09-30T12:00:00Z' },
    { id: '0b9a1459-0000-4000-8000-000000000002', name: '华南仓库', nameCode: null, isDefault: false, deviceCount: 1, createdAt: '2026-09-30T12:00:00Z' },
  ],
};
const DETAIL = { device: ROW, operations: [], usageDaily: [], usageMonthly: [], usageThrough: '2026-11-20', switchAvailableAt: null };

function api() {
  return mockApi({
    '/device/list': () => ({ total: 2, list: [ROW, UNKNOWN], nextCursor: null }),
    '/device/group/list': () => GROUPS,
    '/device/detail': () => DETAIL,
  });
}

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});
afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('data labels in the reader’s language', () => {
  test('every operator and area code the platform knows has a name in both languages', () => {
    const zhOps = zh.operator as Record<string, string>;
    const enOps = en.operator as Record<string, string>;
    const zhAreas = zh.area as Record<string, string>;
    const enAreas = en.area as Record<string, string>;
    for (const code of NETWORK_OPERATOR_CODES) {
      expect(zhOps[code], code).toBeTruthy();
      expect(enOps[code], code).toBeTruthy();
    }
    for (const code of AREA_CODES) {
      expect(zhAreas[code], code).toMatch(/[\u4e00-\u9fff]/);
      expect(enAreas[code], code).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  test('Chinese: operator, group and area by their codes; unknown names as sent', async () => {
    api();
    renderApp('/device-list');
    const table = await screen.findByTestId('device-table');
    await within(table).findByText('861234567890123');
    expect(within(table).getByText('中国移动')).toBeTruthy();
    expect(within(table).queryByText('China Mobile')).toBeNull();
    expect(within(table).getByText('默认分组')).toBeTruthy();
    expect(within(table).getByText('Acme Mobile')).toBeTruthy();
    expect(within(table).getByText('华南仓库')).toBeTruthy();

    renderApp('/device-list/detail?imei=861234567890123');
    const detail = await screen.findByTestId('device-detail');
    await within(detail).findByText('广东省广州市');
    expect(within(detail).getByText('中国移动')).toBeTruthy();
    expect(within(detail).queryByText('Guangdong Guangzhou')).toBeNull();
  });

  test('English: the same codes in English, and the default group is not shown in Chinese', async () => {
    await changeLocale('en');
    api();
    renderApp('/device-list');
    const table = await screen.findByTestId('device-table');
    await within(table).findByText('861234567890123');
    expect(within(table).getAllByText('China Mobile')).toHaveLength(1);
    expect(within(table).getByText('Default group')).toBeTruthy();
    expect(within(table).queryByText('默认分组')).toBeNull();
    // a name people chose stays as they wrote it
    expect(within(table).getByText('华南仓库')).toBeTruthy();

    renderApp('/device-list/detail?imei=861234567890123');
    const detail = await screen.findByTestId('device-detail');
    await within(detail).findByText('Guangzhou, Guangdong');
    expect(within(detail).getByText('China Mobile')).toBeTruthy();
    expect(within(detail).getByText('Default group')).toBeTruthy();
  });
});
