import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { EID_A, EID_B, ESIM_PERMS, esimDetail, ICCID_ON, ROWS } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(ESIM_PERMS);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('zh-CN');
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/esim/list': () => ({ total: ROWS.length, list: ROWS }),
    '/esim/detail': () => esimDetail(),
    '/esim/export': () => new Response('xlsx', { headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="esim.xlsx"' } }),
    ...extra,
  });
}

/** The table row of an eSIM. */
const rowOf = (eid: string) => screen.getByTestId(`esim-row-${eid}`);

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

describe('eSIM list', () => {
  test('rows show EID, IMEI, client, profiles, localised operator, ICCID, T+1 usage, import time and the state, in-use and pending markers', async () => {
    const a = api();
    renderApp('/esim-list');
    await screen.findByTestId(`esim-row-${EID_A}`);
    expect(a.callsTo('/esim/list')[0].body).toEqual({ pageNum: 1, pageSize: 10, sort: 'created_desc' });

    const first = rowOf(EID_A);
    for (const text of [EID_A, '860000000000001', '示例科技', '仓库网关', '中国移动', ICCID_ON, '512 MB', '3 GB', '2026-11-20 08:30', '已激活', '使用中'])
      expect(within(first).getByText(text)).toBeTruthy();
    expect(within(first).getByRole('button', { name: /复制|Copy/ })).toBeTruthy();
    expect(within(first).getByTestId(`esim-state-${EID_A}`).className).toContain('ant-tag-green');
    expect(within(first).queryByTestId(`esim-pending-${EID_A}`)).toBeNull();
    // the client and device names are people's text
    expect(within(first).getByText('示例科技').getAttribute('translate')).toBe('no');

    const second = rowOf(EID_B);
    expect(within(second).getByText('已暂停')).toBeTruthy();
    expect(within(second).getByTestId(`esim-pending-${EID_B}`).textContent).toContain('指令执行中');
    expect(within(second).queryByTestId(`esim-in-use-${EID_B}`)).toBeNull();
    expect(within(second).getAllByText('0 MB')).toHaveLength(2);

    expect(screen.getByText(/用量为 T\+1/)).toBeTruthy();
    expect(screen.getByText('共 2 个 eSIM')).toBeTruthy();
  });

  test('the filters and the sort become the exact list request, from page 1; reset clears them', async () => {
    const a = api({ '/esim/list': () => ({ total: 23, list: ROWS }) });
    renderApp('/esim-list');
    await screen.findByTestId(`esim-row-${EID_A}`);
    await userEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(a.callsTo('/esim/list').at(-1)?.body).toEqual({ pageNum: 2, pageSize: 10, sort: 'created_desc' }));

    fireEvent.change(screen.getByTestId('esim-filter-keyword'), { target: { value: ' 8904 ' } });
    await pick('esim-filter-state', '已暂停');
    await pick('esim-filter-operator', '中国联通');
    await userEvent.click(screen.getByTestId('esim-filter-search'));
    await waitFor(() =>
      expect(a.callsTo('/esim/list').at(-1)?.body).toEqual({
        pageNum: 1,
        pageSize: 10,
        sort: 'created_desc',
        keyword: '8904',
        state: 'paused',
        operatorCode: '46001',
      }),
    );

    await pick('esim-sort', '本月用量从高到低');
    await waitFor(() =>
      expect(a.callsTo('/esim/list').at(-1)?.body).toEqual({
        pageNum: 1,
        pageSize: 10,
        sort: 'usage_month_desc',
        keyword: '8904',
        state: 'paused',
        operatorCode: '46001',
      }),
    );

    await userEvent.click(screen.getByTestId('esim-filter-reset'));
    expect((screen.getByTestId('esim-filter-keyword') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(a.callsTo('/esim/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, sort: 'usage_month_desc' }));
  });

  test('the filters, the sort and the page are read from the URL and a search writes them; the open EID stays with them', async () => {
    const a = api();
    const { router } = renderApp('/esim-list?keyword=8904&operator=46001&sort=usage_month_desc&page=2');
    await screen.findByTestId(`esim-row-${EID_A}`);
    await waitFor(() =>
      expect(a.callsTo('/esim/list').map((c) => c.body)).toContainEqual({
        pageNum: 2,
        pageSize: 10,
        keyword: '8904',
        operatorCode: '46001',
        sort: 'usage_month_desc',
      }),
    );
    expect((screen.getByTestId('esim-filter-keyword') as HTMLInputElement).value).toBe('8904');
    expect(screen.getByTestId('esim-sort').textContent).toContain('本月用量从高到低');

    await pick('esim-filter-state', '已激活');
    await userEvent.click(screen.getByTestId('esim-filter-search'));
    const query = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await waitFor(() => expect(query()).toEqual({ keyword: '8904', state: 'activated', operator: '46001', sort: 'usage_month_desc' }));
    await waitFor(() => expect(a.callsTo('/esim/list').at(-1)?.body).toMatchObject({ pageNum: 1, state: 'activated' }));
    fireEvent.click(await screen.findByTestId(`esim-row-${EID_A}`));
    await screen.findByTestId('esim-detail');
    expect(query()).toEqual({ keyword: '8904', state: 'activated', operator: '46001', sort: 'usage_month_desc', eid: EID_A });
  });

  test('no eSIMs: the empty state; with filters, it says none match', async () => {
    api({ '/esim/list': () => ({ total: 0, list: [] }) });
    renderApp('/esim-list');
    expect((await screen.findByTestId('esim-empty')).textContent).toContain('暂无 eSIM');
    fireEvent.change(screen.getByTestId('esim-filter-keyword'), { target: { value: '1234' } });
    await userEvent.click(screen.getByTestId('esim-filter-search'));
    await waitFor(() => expect(screen.getByTestId('esim-empty').textContent).toBe('没有符合筛选条件的 eSIM'));
  });

  test('a failed load offers a retry', async () => {
    let fail = true;
    const a = api({
      '/esim/list': () => (fail ? jsonResponse({ success: false, code: 24001, msg: '分页参数错误', obj: null }, 400) : { total: 2, list: ROWS }),
    });
    renderApp('/esim-list');
    const failure = (await screen.findByText('eSIM 列表加载失败')).closest('.ant-result') as HTMLElement;
    const retry = within(failure).getByText('重试');
    fail = false;
    await userEvent.click(retry);
    await screen.findByTestId(`esim-row-${EID_A}`);
    expect(a.callsTo('/esim/list').length).toBeGreaterThan(1);
  });

  test('export is a signed GET of /rrp/esim/export with the current filters', async () => {
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const a = api();
    renderApp('/esim-list');
    await screen.findByTestId(`esim-row-${EID_A}`);
    fireEvent.change(screen.getByTestId('esim-filter-keyword'), { target: { value: '8904' } });
    await pick('esim-filter-state', '已激活');
    await pick('esim-filter-operator', '中国移动');
    await userEvent.click(screen.getByTestId('esim-filter-search'));
    await waitFor(() => expect(a.callsTo('/esim/list').at(-1)?.body).toMatchObject({ keyword: '8904' }));

    await userEvent.click(screen.getByTestId('esim-export'));
    await waitFor(() => expect(a.calls.filter((c) => c.url.includes('/esim/export'))).toHaveLength(1));
    const call = a.calls.find((c) => c.url.includes('/esim/export'));
    expect(call?.url).toBe('/api/v1/rrp/esim/export?keyword=8904&state=activated&operatorCode=46000');
    expect(call?.headers['X-Sign']).toBeTruthy();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  });

  test('a row opens the EID detail and puts the EID in the URL; closing removes it', async () => {
    api();
    const { router } = renderApp('/esim-list');
    await userEvent.click(await screen.findByTestId(`esim-row-${EID_A}`));
    const detail = await screen.findByTestId('esim-detail');
    await within(detail).findByTestId('esim-profiles');
    expect(router.state.location.search).toBe(`?eid=${EID_A}`);
    await userEvent.click(screen.getByRole('button', { name: /Close|关闭/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  test('in English: states, operators, headings and the menu label', async () => {
    await changeLocale('en');
    api();
    renderApp('/esim-list');
    await screen.findByTestId(`esim-row-${EID_A}`);
    expect(within(rowOf(EID_A)).getByText('Activated')).toBeTruthy();
    expect(within(rowOf(EID_A)).getByText('China Mobile')).toBeTruthy();
    expect(within(rowOf(EID_A)).getByText('In use')).toBeTruthy();
    expect(within(rowOf(EID_B)).getByText('Paused')).toBeTruthy();
    expect(screen.getAllByText('Imported (UTC)').length).toBeGreaterThan(0);
    expect(within(document.querySelector('.ant-menu') as HTMLElement).getByText('eSIM list')).toBeTruthy();
  });
});
