import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { deviceRow } from '../../test/deviceRow';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const ROW = deviceRow();
const DETAIL = { device: ROW, operations: [], usageDaily: [], usageMonthly: [], usageThrough: null, switchAvailableAt: null };

beforeEach(() => {
  resetState();
  // the device list's bill detail needs DEVICE_LIST only, not the invoice permission
  signIn(['DEVICE_LIST']);
});

function api(monthly: () => unknown) {
  return mockApi({
    '/device/list': () => ({ total: 1, list: [ROW], nextCursor: null }),
    '/device/group/list': () => ({ list: [] }),
    '/device/detail': () => DETAIL,
    '/billingRecord/device': monthly,
  });
}

describe('device bill detail', () => {
  test('below the daily usage, the device’s fees in the closed monthly bills', async () => {
    const a = api(() => ({
      list: [
        { billMonth: '2026-10', imei: ROW.imei, deviceName: ROW.name, usageMb: 2048, roamingMb: 102.4, roamingFee: 5.12, numberFee: 1 },
        { billMonth: '2026-09', imei: ROW.imei, deviceName: ROW.name, usageMb: 512, roamingMb: 0, roamingFee: 0, numberFee: 1 },
      ],
    }));
    renderApp('/device-list');
    await userEvent.click(await screen.findByTestId(`device-bill-${ROW.imei}`));
    const months = await screen.findByTestId('device-bill-months');
    expect(a.callsTo('/billingRecord/device')[0].body).toEqual({ imei: ROW.imei });
    expect(screen.getByTestId('device-bill-table')).toBeTruthy();
    const oct = within(months).getByText('2026-10').closest('tr') as HTMLElement;
    for (const text of ['2 GB', '102.4 MB', '¥5.12', '¥1.00']) expect(within(oct).getByText(text)).toBeTruthy();
    const sep = within(months).getByText('2026-09').closest('tr') as HTMLElement;
    expect(within(sep).getByText('512 MB')).toBeTruthy();
    expect(within(sep).getByText('¥0.00')).toBeTruthy();
  });

  test('a device without closed bills says when they come', async () => {
    api(() => ({ list: [] }));
    renderApp('/device-list');
    await userEvent.click(await screen.findByTestId(`device-bill-${ROW.imei}`));
    await waitFor(() => expect(screen.getByText('暂无已出账的月度账单：每个 UTC 自然月结束后出账')).toBeTruthy());
  });
});
