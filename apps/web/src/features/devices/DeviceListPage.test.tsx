import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_GROUP, deviceRow, usageOf } from '../../test/deviceRow';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';

const ROW = deviceRow({ name: '水泵 1 号', status: 'esim', networkType: 'LTE', ...DEFAULT_GROUP, ...usageOf(12.5, 2048) });

const DETAIL = {
  device: ROW,
  operations: [
    { id: 1, action: 'suspend', status: 'done', actor: 'Alice', detail: null, createdAt: '2026-11-20T10:00:00Z', finishedAt: '2026-11-20T10:00:03Z' },
  ],
  usageDaily: [
    { day: '2026-11-19', mb: 10, bytes: 10 * 1048576 },
    { day: '2026-11-20', mb: 12.5, bytes: 12.5 * 1048576 },
  ],
  usageMonthly: [{ month: '2026-11', mb: 22.5, bytes: 22.5 * 1048576 }],
  usageThrough: '2026-11-20',
  switchAvailableAt: null as string | null,
};

const GROUPS = {
  list: [
    { id: '0b9a1459-0000-4000-8000-000000000001', name: '默认分组', nameCode: 'default', isDefault: true, deviceCount: 1, createdAt: '2026-09-30T12:00:00Z' },
  ],
};

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/device/list': () => ({ total: 1, list: [ROW], nextCursor: null }),
    '/device/group/list': () => GROUPS,
    '/device/detail': () => DETAIL,
    ...extra,
  });
}

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});

describe('device list', () => {
  test('filters in the URL become the list request', async () => {
    const a = api();
    renderApp('/device-list?imei=8612&status=esim&online=0&sort=usage_yesterday_desc&page=2');
    await screen.findByTestId('device-table');
    await waitFor(() => expect(a.callsTo('/device/list').length).toBeGreaterThan(0));
    expect(a.callsTo('/device/list')[0].body).toEqual({ pageNum: 2, pageSize: 20, sort: 'usage_yesterday_desc', imei: '8612', status: 'esim', online: false });
    expect((screen.getByTestId('device-filter-imei') as HTMLInputElement).value).toBe('8612');
  });

  test('searching writes the filters to the URL and asks again; reset clears them', async () => {
    const a = api();
    const { router } = renderApp('/device-list?page=3');
    await screen.findByText('861234567890123');
    await userEvent.type(screen.getByTestId('device-filter-imei'), '8612345');
    await userEvent.click(screen.getByTestId('device-filter-search'));
    await waitFor(() => expect(router.state.location.search).toBe('?imei=8612345'));
    await waitFor(() => expect(a.callsTo('/device/list').some((c) => (c.body as { imei?: string }).imei === '8612345')).toBe(true));
    await userEvent.click(screen.getByTestId('device-filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  test('sorting by this month’s usage goes to the URL and the request', async () => {
    const a = api();
    const { router } = renderApp('/device-list');
    const table = await screen.findByTestId('device-table');
    await within(table).findByText('861234567890123');
    await userEvent.click(within(table).getAllByText('本月用量')[0].closest('th') as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=usage_month_desc'));
    await waitFor(() => expect(a.callsTo('/device/list').some((c) => (c.body as { sort: string }).sort === 'usage_month_desc')).toBe(true));
  });

  test('a row opens the detail; suspend asks first and sends the IMEI', async () => {
    const a = api();
    renderApp('/device-list');
    await userEvent.click(await screen.findByText('水泵 1 号'));
    const detail = await screen.findByTestId('device-detail');
    await within(detail).findByText('沃达丰');
    expect(within(detail).getByRole('img', { name: '信号强度 4/5' })).toBeTruthy();
    expect(within(detail).getAllByText('近 30 天用量（按日）').length).toBeGreaterThan(0);
    expect(within(detail).getAllByTestId('usage-chart')).toHaveLength(2);
    await userEvent.click(within(detail).getByTestId('device-action-suspend'));
    const confirm = await screen.findByText('确定停机吗？停机后设备将无法使用数据服务。');
    expect(a.callsTo('/device/suspend')).toHaveLength(0);
    const dialog = confirm.closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(a.callsTo('/device/suspend')).toHaveLength(1));
    expect(a.callsTo('/device/suspend')[0].body).toEqual({ imei: ROW.imei });
  });

  test('switching cards is disabled with a countdown within 5 minutes of the last switch', async () => {
    api({ '/device/detail': () => ({ ...DETAIL, switchAvailableAt: new Date(Date.now() + 120_000).toISOString() }) });
    renderApp('/device-list/detail?imei=861234567890123');
    const button = await screen.findByTestId('device-action-switch');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toMatch(/[12]:\d\d 后可切换/);
  });

  test('export refuses to send without dates', async () => {
    const a = api();
    renderApp('/device-list');
    await userEvent.click(await screen.findByTestId('device-export-open'));
    await userEvent.click(await screen.findByTestId('device-export-submit'));
    expect(await screen.findByText('请选择日期')).toBeTruthy();
    expect(a.calls.filter((c) => c.url.includes('/device/export'))).toHaveLength(0);
  });

  test('migrate: at most 100 IMEIs; the server’s refusal is shown in the dialog', async () => {
    const a = api({
      '/device/migrate': () => jsonResponse({ success: false, code: 23009, msg: 'IMEI 不属于当前账户：861234567890124', obj: null }, 400),
      '/company/options': () => ({
        list: [
          { id: '0b9a1459-0000-4000-8000-000000000001', name: '演示公司', parentId: null, depth: 0, state: 'enabled' },
          { id: '0b9a1459-0000-4000-8000-000000000099', name: '华东子公司', parentId: '0b9a1459-0000-4000-8000-000000000001', depth: 1, state: 'enabled' },
        ],
      }),
    });
    renderApp('/device-list');
    await userEvent.click(await screen.findByTestId('device-migrate-open'));
    const box = await screen.findByTestId('migrate-imeis');
    const many = Array.from({ length: 101 }, (_, i) => String(860000000000000 + i)).join('\n');
    fireEvent.change(box, { target: { value: many } });
    // the target is picked from the company tree, not typed
    const company = within(screen.getByTestId('migrate-company')).queryByRole('combobox') ?? screen.getByTestId('migrate-company');
    fireEvent.mouseDown(company);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title*="华东子公司"]')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-select-item-option[title*="华东子公司"]') as Element);
    await userEvent.click(screen.getByRole('button', { name: '迁移' }));
    expect(await screen.findByText('每次最多迁移 100 个 IMEI')).toBeTruthy();
    expect(a.callsTo('/device/migrate')).toHaveLength(0);

    fireEvent.change(box, { target: { value: '861234567890123\n861234567890124\n' } });
    expect(screen.getByTestId('migrate-count').textContent).toContain('已识别 2 / 100 个 IMEI');
    await userEvent.click(screen.getByRole('button', { name: '迁移' }));
    await waitFor(() => expect(a.callsTo('/device/migrate')).toHaveLength(1));
    expect(a.callsTo('/device/migrate')[0].body).toEqual({ imeis: '861234567890123\n861234567890124', companyId: '0b9a1459-0000-4000-8000-000000000099' });
    expect(await screen.findByTestId('migrate-error')).toBeTruthy();
    expect(screen.getByText('IMEI 不属于当前账户：861234567890124')).toBeTruthy();
  });

  test('an empty list says so', async () => {
    api({ '/device/list': () => ({ total: 0, list: [], nextCursor: null }) });
    renderApp('/device-list');
    expect(await screen.findByText('暂无设备，可在“批量导入”中导入设备')).toBeTruthy();
  });
});
