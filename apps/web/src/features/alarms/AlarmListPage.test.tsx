import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { ALARM_IDS, ALARM_PERMS, ALARMS } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(ALARM_PERMS);
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/alarm/list': () => ({ total: 23, list: ALARMS, openUnhandled: 2 }),
    '/alarm/handle': () => null,
    '/alarm/download': () =>
      new Response('xlsx', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="a.xlsx"',
        },
      }),
    ...extra,
  });
}

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

const rowOf = (no: string) => screen.getByTestId(`alarm-row-${no}`).closest('tr') as HTMLElement;

describe('alarm list', () => {
  test('rows show number, title, type, level colours, company, times in UTC, open or ended, handled by whom; the open unhandled count', async () => {
    api();
    renderApp('/alarm-list');
    await screen.findByTestId('alarm-row-A000001');
    expect(screen.getByTestId('alarm-open-count').textContent).toBe('未处理且持续中的告警：2 条');
    const first = rowOf('A000001');
    expect(within(first).getByText('设备日流量超过告警阈值')).toBeTruthy();
    expect(within(first).getByText('设备流量阈值')).toBeTruthy();
    const critical = within(first).getByTestId('alarm-level-critical');
    expect(critical.textContent).toBe('严重');
    expect(critical.className).toContain('ant-tag-red');
    expect(within(first).getByText('2026-11-20 01:00')).toBeTruthy();
    expect(within(first).getByText('持续中')).toBeTruthy();
    expect(within(first).getByText('未处理')).toBeTruthy();
    const pool = rowOf('A000002');
    expect(within(pool).getByText('流量池阈值')).toBeTruthy();
    expect(within(pool).getByTestId('alarm-level-warning').className).toContain('ant-tag-blue');
    const ended = rowOf('A000003');
    expect(within(ended).getByTestId('alarm-level-major').className).toContain('ant-tag-orange');
    expect(within(ended).getByText('2026-11-19 00:00')).toBeTruthy();
    expect(within(ended).getByTestId('alarm-handled-A000003').textContent).toBe('2026-11-18 09:30Alice');
    // a handled alarm cannot be selected again
    expect((within(ended).getByLabelText('选择告警 A000003') as HTMLInputElement).disabled).toBe(true);
  });

  test('the filters become the list request, and a new search starts from page 1', async () => {
    const a = api();
    renderApp('/alarm-list');
    await screen.findByTestId('alarm-row-A000001');
    expect(a.callsTo('/alarm/list')[0].body).toEqual({ pageNum: 1, pageSize: 10 });
    await userEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(a.callsTo('/alarm/list').at(-1)?.body).toEqual({ pageNum: 2, pageSize: 10 }));

    await pick('alarm-filter-type', '设备流量阈值');
    await pick('alarm-filter-level', '严重');
    await pick('alarm-filter-state', '持续中');
    await pick('alarm-filter-handled', '未处理');
    await userEvent.type(screen.getByTestId('alarm-filter-imei'), ' 860000000000001 ');
    const start = screen.getByPlaceholderText('开始日期');
    const end = screen.getByPlaceholderText('结束日期');
    await userEvent.click(start);
    await userEvent.type(start, '2026-11-01{enter}');
    await userEvent.type(end, '2026-11-30{enter}');
    await userEvent.click(screen.getByTestId('alarm-filter-search'));
    await waitFor(() =>
      expect(a.callsTo('/alarm/list').at(-1)?.body).toEqual({
        pageNum: 1,
        pageSize: 10,
        type: 'device_flow',
        level: 'critical',
        state: 'open',
        handled: false,
        imei: '860000000000001',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );

    await userEvent.click(screen.getByTestId('alarm-filter-reset'));
    await pick('alarm-filter-handled', '已处理');
    await userEvent.click(screen.getByTestId('alarm-filter-search'));
    await waitFor(() => expect(a.callsTo('/alarm/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, handled: true }));
  });

  test('filters and page live in the URL: a link opens them, a search writes them, back restores them', async () => {
    const a = api();
    const { router } = renderApp('/alarm-list?level=critical&handled=0&from=2026-11-01&page=2&type=nonsense');
    await screen.findByTestId('alarm-row-A000001');
    expect(a.callsTo('/alarm/list')[0].body).toEqual({ pageNum: 2, pageSize: 10, level: 'critical', handled: false, from: '2026-11-01' });
    expect(within(screen.getByTestId('alarm-filter-level')).getByText('严重')).toBeTruthy();
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2026-11-01');

    await pick('alarm-filter-state', '持续中');
    await userEvent.click(screen.getByTestId('alarm-filter-search'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('state')).toBe('open'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    await waitFor(() =>
      expect(a.callsTo('/alarm/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, level: 'critical', handled: false, state: 'open', from: '2026-11-01' }),
    );
    // back: the earlier filters and page return (the list answers them from its cache)
    await act(() => router.navigate(-1));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    expect(new URLSearchParams(router.state.location.search).get('state')).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('alarm-filter-state')).queryByText('持续中')).toBeNull());
    expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('2');
  });

  test('selected alarms are marked handled, and the list is read again', async () => {
    const a = api();
    renderApp('/alarm-list');
    await screen.findByTestId('alarm-row-A000001');
    const button = screen.getByTestId('alarm-handle');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('选择告警 A000001'));
    await userEvent.click(screen.getByLabelText('选择告警 A000002'));
    expect(screen.getByTestId('alarm-selected').textContent).toBe('已选 2 条');
    const reads = a.callsTo('/alarm/list').length;
    await userEvent.click(button);
    await waitFor(() => expect(a.callsTo('/alarm/handle')).toHaveLength(1));
    expect(a.callsTo('/alarm/handle')[0].body).toEqual({ ids: [ALARM_IDS[0], ALARM_IDS[1]] });
    await waitFor(() => expect(a.callsTo('/alarm/list').length).toBeGreaterThan(reads));
    expect(screen.getByTestId('alarm-selected').textContent).toBe('已选 0 条');
  });

  test('the download is a signed GET of the alarm’s download path', async () => {
    const a = api();
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp('/alarm-list');
    await screen.findByTestId('alarm-row-A000002');
    await userEvent.click(screen.getByRole('button', { name: '下载告警 A000002 的设备明细' }));
    await waitFor(() => expect(a.callsTo(`/alarm/download?id=${ALARM_IDS[1]}`)).toHaveLength(1));
    const call = a.callsTo(`/alarm/download?id=${ALARM_IDS[1]}`)[0];
    expect(call.url).toBe(`/api/v1/rrp/alarm/download?id=${ALARM_IDS[1]}`);
    expect(call.headers['X-Token']).toBe('t0k3n');
    expect(call.headers['X-Sign']).toBeTruthy();
    expect(save).toHaveBeenCalledTimes(1);
  });

  test('with no alarms, the empty state says where alarms come from', async () => {
    api({ '/alarm/list': () => ({ total: 0, list: [], openUnhandled: 0 }) });
    renderApp('/alarm-list');
    const empty = await screen.findByTestId('alarm-empty');
    expect(empty.textContent).toContain('设备告警设置');
    expect(empty.textContent).toContain('流量池预警策略');
    expect(screen.getByRole('link', { name: '前往告警设置' }).getAttribute('href')).toBe('/alarm-settings');
  });

  test('in English: levels, types, the open count and the menu label', async () => {
    await changeLocale('en');
    api();
    renderApp('/alarm-list');
    await screen.findByTestId('alarm-row-A000001');
    expect(within(rowOf('A000001')).getByTestId('alarm-level-critical').textContent).toBe('Critical');
    expect(within(rowOf('A000002')).getByText('Data pool threshold')).toBeTruthy();
    expect(screen.getByTestId('alarm-open-count').textContent).toBe('Open and not handled: 2');
    expect(within(document.querySelector('.ant-menu') as HTMLElement).getByText('Alarms')).toBeTruthy();
  });
});
