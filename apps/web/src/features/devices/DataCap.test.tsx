import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { deviceRow } from '../../test/deviceRow';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const ROWS = [deviceRow(), deviceRow({ id: 'd2', imei: '861234567890124', name: 'Pump 2' })];
const GROUP_ID = '0b9a1459-0000-4000-8000-000000000002';
const GROUPS = {
  list: [
    {
      id: '0b9a1459-0000-4000-8000-000000000001',
      name: '默认分组',
      nameCode: 'default',
      isDefault: true,
      deviceCount: 1,
      dataCapMb: null,
      createdAt: '2026-09-30T12:00:00Z',
    },
    { id: GROUP_ID, name: '华东仓库', nameCode: null, isDefault: false, deviceCount: 1, dataCapMb: 500, createdAt: '2026-10-01T12:00:00Z' },
  ],
};
const detailOf = (over: Partial<(typeof ROWS)[number]>) => ({
  device: { ...ROWS[0], ...over },
  operations: [],
  usageDaily: [],
  usageMonthly: [],
  usageThrough: '2026-11-20',
  switchAvailableAt: null,
});

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});

describe('hard data cap', () => {
  test('the bulk action sends the selected IMEIs and the cap, and says how many were updated', async () => {
    const a = mockApi({
      '/device/list': () => ({ total: 2, list: ROWS, nextCursor: null }),
      '/device/group/list': () => GROUPS,
      '/dataCap/update': () => ({ updated: 2 }),
    });
    renderApp('/device-list');
    const table = await screen.findByTestId('device-table');
    await within(table).findByText('Pump 2');
    // the first checkbox selects every row of the page
    await userEvent.click(within(table).getAllByRole('checkbox')[0]);
    await userEvent.click(await screen.findByTestId('device-data-cap-open'));
    const dialog = (await screen.findByTestId('data-cap-subject')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/已选的 2 台设备/)).toBeTruthy();
    expect(within(dialog).getByText(/设备本月用量达到上限时将被停用/)).toBeTruthy();
    // out of range is refused
    await userEvent.type(within(dialog).getByTestId('data-cap-value'), '0');
    await userEvent.click(within(dialog).getByTestId('data-cap-submit'));
    expect(await within(dialog).findByText('流量上限为 1 至 10,000,000 的整数（MB）')).toBeTruthy();
    expect(a.callsTo('/dataCap/update')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByTestId('data-cap-value'));
    await userEvent.type(within(dialog).getByTestId('data-cap-value'), '500');
    await userEvent.click(within(dialog).getByTestId('data-cap-submit'));
    await waitFor(() => expect(a.callsTo('/dataCap/update')).toHaveLength(1));
    expect(a.callsTo('/dataCap/update')[0].body).toEqual({ imeis: ROWS.map((r) => r.imei), capMb: 500 });
    expect(await screen.findByText('已更新 2 台设备的流量上限')).toBeTruthy();
  });

  test("a group's cap is shown and can be removed: {groupId, capMb: null}", async () => {
    const a = mockApi({
      '/device/list': () => ({ total: 2, list: ROWS, nextCursor: null }),
      '/device/group/list': () => GROUPS,
      '/dataCap/update': () => ({ updated: 1 }),
    });
    renderApp('/device-list');
    await userEvent.click(await screen.findByTestId('device-groups-open'));
    const groups = await screen.findByTestId('group-table');
    expect(await within(groups).findByText('500 MB')).toBeTruthy();
    expect(within(groups).getByText('无')).toBeTruthy();
    await userEvent.click(within(groups).getByTestId(`group-cap-${GROUP_ID}`));
    const dialog = (await screen.findByTestId('data-cap-subject')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/华东仓库/)).toBeTruthy();
    expect((within(dialog).getByTestId('data-cap-value') as HTMLInputElement).value).toBe('500');
    await userEvent.click(within(dialog).getByText('不设上限'));
    await userEvent.click(within(dialog).getByTestId('data-cap-submit'));
    await waitFor(() => expect(a.callsTo('/dataCap/update')).toHaveLength(1));
    expect(a.callsTo('/dataCap/update')[0].body).toEqual({ groupId: GROUP_ID, capMb: null });
  });

  test('the device detail shows the cap that applies, a suspension at the cap, and links to network detection', async () => {
    mockApi({ '/device/detail': () => detailOf({ dataCapMb: 300, capSuspended: true }) });
    renderApp(`/device-list/detail?imei=${ROWS[0].imei}`);
    expect((await screen.findByTestId('device-data-cap')).textContent).toBe('300 MB');
    expect(screen.getByTestId('device-cap-suspended').textContent).toContain('已达流量上限，设备已停用');
    expect(screen.getByTestId('device-network-detection').getAttribute('href')).toBe(`/network-detection?imei=${ROWS[0].imei}`);
  });

  test('the operation log says which strategy switched the card and why, and that the cap suspended the device', async () => {
    const op = (id: number, action: string, detail: unknown) => ({
      id,
      action,
      status: 'done',
      actor: null,
      detail,
      createdAt: '2026-11-20T08:00:00Z',
      finishedAt: null,
    });
    mockApi({
      '/device/detail': () => ({
        ...detailOf({ dataCapMb: 300, capSuspended: true }),
        operations: [
          op(2, 'suspend', { reason: 'data_cap', capMb: 300, usageMb: 301.5 }),
          op(1, 'switch_card', {
            target: 'esim',
            strategyName: '仓库专线',
            reason: { domain: 'www.baidu.com', packetLoss: 0, delay: 250, jitter: 10, failed: ['delay'], probes: 3 },
          }),
        ],
      }),
    });
    renderApp(`/device-list/detail?imei=${ROWS[0].imei}`);
    expect(await screen.findByText('拨测 www.baidu.com：丢包 0%，时延 250 毫秒，抖动 10 毫秒；不满足时延（连续 3 次）')).toBeTruthy();
    expect(screen.getByText('策略：仓库专线')).toBeTruthy();
    expect(screen.getByText('已达流量上限 300 MB（本月 301.5 MB）')).toBeTruthy();
    expect(screen.getAllByText('流量上限').length).toBeGreaterThan(0);
  });

  test('a device without a cap reads "none" and no warning', async () => {
    mockApi({ '/device/detail': () => detailOf({}) });
    renderApp(`/device-list/detail?imei=${ROWS[0].imei}`);
    expect((await screen.findByTestId('device-data-cap')).textContent).toBe('无');
    expect(screen.queryByTestId('device-cap-suspended')).toBeNull();
  });
});
