import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { AC_PERMS, ACS, acRecord, BOUND_CODE, DELETED_CODE, EID, IDLE_CODE, INVALID_CODE, LICENSES } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(AC_PERMS);
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/ac/list': () => ({ total: ACS.length, list: ACS }),
    '/ac/license/count': () => LICENSES,
    '/ac/bind': (body) => acRecord({ ...(body as object), status: 'ASSIGNED' }),
    '/ac/unbind': () => acRecord({ acCode: BOUND_CODE }),
    '/ac/delete': () => acRecord({ acCode: INVALID_CODE, status: 'DELETED' }),
    ...extra,
  });
}

/** The table row of an AC (antd marks each row with its key). */
function rowOf(code: string): HTMLElement {
  const row = [...document.querySelectorAll('tr[data-row-key]')].find((tr) => tr.getAttribute('data-row-key') === code);
  if (!row) throw new Error(`no row ${code}`);
  return row as HTMLElement;
}

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

async function openBind(code: string) {
  await userEvent.click(await screen.findByTestId(`ac-bind-${code}`));
  return (await screen.findByTestId('ac-bind-device')).closest('.ant-modal') as HTMLElement;
}

const setDevice = (dialog: HTMLElement, value: string) => fireEvent.change(within(dialog).getByTestId('ac-bind-device'), { target: { value } });
const submitBind = (dialog: HTMLElement) => userEvent.click(within(dialog).getByTestId('ac-bind-submit'));

describe('AC list', () => {
  test('rows show the code, IMEI or EID, ICCID, localised operator and status, bound IMEI and UTC import time; actions follow the status', async () => {
    const a = api();
    renderApp('/ac-list');
    await screen.findByTestId(`ac-bind-${IDLE_CODE}`);
    expect(a.callsTo('/ac/list')[0].body).toEqual({ pageNum: 1, pageSize: 10 });

    const idle = rowOf(IDLE_CODE);
    for (const text of ['空闲', '中国移动', 'IMEI', '860000000000001', '8986000000000000001', '2026-11-20 08:30'])
      expect(within(idle).getByText(text)).toBeTruthy();
    expect(within(idle).getByTestId('ac-status-IDLE').className).toContain('ant-tag-green');
    expect(within(idle).getByTestId('ac-code').textContent).toContain(IDLE_CODE);
    expect(within(idle).getByRole('button', { name: /复制|Copy/ })).toBeTruthy();
    expect(within(idle).getByTestId(`ac-delete-${IDLE_CODE}`)).toBeTruthy();
    expect(within(idle).queryByTestId(`ac-unbind-${IDLE_CODE}`)).toBeNull();

    const bound = rowOf(BOUND_CODE);
    for (const text of ['已绑定（下载中）', '中国联通', 'EID', EID, '860000000000009']) expect(within(bound).getByText(text)).toBeTruthy();
    expect(within(bound).getByTestId(`ac-unbind-${BOUND_CODE}`)).toBeTruthy();
    expect(within(bound).queryByTestId(`ac-bind-${BOUND_CODE}`)).toBeNull();
    expect(within(bound).queryByTestId(`ac-delete-${BOUND_CODE}`)).toBeNull();

    const invalid = rowOf(INVALID_CODE);
    for (const text of ['订单无效（下载失败）', '中国电信']) expect(within(invalid).getByText(text)).toBeTruthy();
    expect(within(invalid).getByTestId(`ac-delete-${INVALID_CODE}`)).toBeTruthy();
    // a failed download is still bound: unbinding makes it idle again
    expect(within(invalid).getByTestId(`ac-unbind-${INVALID_CODE}`)).toBeTruthy();
    expect(within(invalid).queryByTestId(`ac-bind-${INVALID_CODE}`)).toBeNull();

    const deleted = rowOf(DELETED_CODE);
    expect(within(deleted).getByText('已删除')).toBeTruthy();
    expect(within(deleted).queryByRole('button', { name: /删除|绑定|解绑/ })).toBeNull();

    const license = await screen.findByTestId('ac-license');
    expect(within(license).getByText('可用 AC License')).toBeTruthy();
    expect(within(license).getByText('120')).toBeTruthy();
    expect(within(license).getByText('30')).toBeTruthy();
    expect(screen.queryByTestId('ac-license-none')).toBeNull();
  });

  test('the filters become the list request, from page 1; reset clears them', async () => {
    const a = api({ '/ac/list': () => ({ total: 23, list: ACS }) });
    renderApp('/ac-list');
    await screen.findByTestId(`ac-bind-${IDLE_CODE}`);
    await userEvent.click(document.querySelector('.ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(a.callsTo('/ac/list').at(-1)?.body).toEqual({ pageNum: 2, pageSize: 10 }));

    await pick('ac-filter-status', '已绑定（下载中）');
    await pick('ac-filter-operator', '中国电信');
    fireEvent.change(screen.getByTestId('ac-filter-keyword'), { target: { value: ' 8600 ' } });
    await userEvent.click(screen.getByTestId('ac-filter-search'));
    await waitFor(() =>
      expect(a.callsTo('/ac/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, status: 'ASSIGNED', operatorCode: '46011', keyword: '8600' }),
    );

    // reset: the first page is read from the cache, the next one asked without filters
    await userEvent.click(screen.getByTestId('ac-filter-reset'));
    expect((screen.getByTestId('ac-filter-keyword') as HTMLInputElement).value).toBe('');
    await userEvent.click(document.querySelector('.ant-pagination-item-3') as HTMLElement);
    await waitFor(() => expect(a.callsTo('/ac/list').at(-1)?.body).toEqual({ pageNum: 3, pageSize: 10 }));
  });

  test('the filters and page are read from the URL; reset clears it, back brings them again', async () => {
    const a = api({ '/ac/list': () => ({ total: 23, list: ACS }) });
    const { router } = renderApp('/ac-list?status=ASSIGNED&operator=46011&keyword=8600&page=2');
    await screen.findByTestId(`ac-bind-${IDLE_CODE}`);
    const bodies = () => a.callsTo('/ac/list').map((c) => c.body);
    await waitFor(() => expect(bodies()).toContainEqual({ pageNum: 2, pageSize: 10, status: 'ASSIGNED', operatorCode: '46011', keyword: '8600' }));
    expect((screen.getByTestId('ac-filter-keyword') as HTMLInputElement).value).toBe('8600');
    expect(screen.getByTestId('ac-filter-operator').textContent).toContain('中国电信');

    await userEvent.click(screen.getByTestId('ac-filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.change(screen.getByTestId('ac-filter-keyword'), { target: { value: '8612' } });
    await userEvent.click(screen.getByTestId('ac-filter-search'));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=8612'));
    await act(() => router.navigate(-2));
    await waitFor(() => expect((screen.getByTestId('ac-filter-keyword') as HTMLInputElement).value).toBe('8600'));
    expect(router.state.location.search).toBe('?status=ASSIGNED&operator=46011&keyword=8600&page=2');
  });

  test('bind by IMEI: a bad IMEI is refused before sending, a good one is sent with the AC code', async () => {
    const a = api();
    renderApp('/ac-list');
    const dialog = await openBind(IDLE_CODE);
    expect(within(dialog).getByTestId('ac-bind-code').textContent).toBe(IDLE_CODE);
    await waitFor(() => expect((within(dialog).getByTestId('ac-bind-device') as HTMLInputElement).value).toBe('860000000000001'));

    setDevice(dialog, '86000000000000');
    await submitBind(dialog);
    expect(await within(dialog).findByText('IMEI 格式不正确，应为 15 位数字')).toBeTruthy();
    setDevice(dialog, '');
    await submitBind(dialog);
    expect(await within(dialog).findByText('请填写 IMEI')).toBeTruthy();
    expect(a.callsTo('/ac/bind')).toHaveLength(0);

    setDevice(dialog, ' 860000000000002 ');
    await submitBind(dialog);
    await waitFor(() => expect(a.callsTo('/ac/bind')).toHaveLength(1));
    expect(a.callsTo('/ac/bind')[0].body).toEqual({ acCode: IDLE_CODE, imei: '860000000000002' });
    expect(await screen.findByText('AC 已绑定到 860000000000002')).toBeTruthy();
  });

  test('bind by EID: a bad EID is refused, a good one is sent as eid', async () => {
    const a = api();
    renderApp('/ac-list');
    const dialog = await openBind(IDLE_CODE);
    await userEvent.click(within(dialog).getByLabelText('EID'));
    setDevice(dialog, '12049032000000000000000000000001');
    await submitBind(dialog);
    expect(await within(dialog).findByText('EID 格式不正确，应为 89 开头的 32 位数字')).toBeTruthy();
    expect(a.callsTo('/ac/bind')).toHaveLength(0);

    setDevice(dialog, EID);
    await submitBind(dialog);
    await waitFor(() => expect(a.callsTo('/ac/bind')).toHaveLength(1));
    expect(a.callsTo('/ac/bind')[0].body).toEqual({ acCode: IDLE_CODE, eid: EID });
  });

  test('unbind and delete ask first, then send the AC code', async () => {
    const a = api();
    renderApp('/ac-list');
    await userEvent.click(await screen.findByTestId(`ac-unbind-${BOUND_CODE}`));
    await userEvent.click(await screen.findByTestId('ac-unbind-ok'));
    await waitFor(() => expect(a.callsTo('/ac/unbind')).toHaveLength(1));
    expect(a.callsTo('/ac/unbind')[0].body).toEqual({ acCode: BOUND_CODE });
    expect(await screen.findByText('AC 已解绑')).toBeTruthy();

    await userEvent.click(screen.getByTestId(`ac-delete-${INVALID_CODE}`));
    await userEvent.click(await screen.findByTestId('ac-delete-ok'));
    await waitFor(() => expect(a.callsTo('/ac/delete')).toHaveLength(1));
    expect(a.callsTo('/ac/delete')[0].body).toEqual({ acCode: INVALID_CODE });
    expect(await screen.findByText('AC 已删除')).toBeTruthy();
  });

  test('no ACs and no AC Licenses: the empty state explains ACs and offers the import; the alert links to the purchase', async () => {
    signIn([...AC_PERMS, 'MERCHANDISE', 'MERCHANDISE_BUY_LICENSE']);
    api({ '/ac/list': () => ({ total: 0, list: [] }), '/ac/license/count': () => ({ available: 0, used: 5, total: 5 }) });
    const { router } = renderApp('/ac-list');
    const empty = await screen.findByTestId('ac-empty');
    expect(empty.textContent).toContain('激活码');
    const none = await screen.findByTestId('ac-license-none');
    expect(none.textContent).toContain('没有可用的 AC License');
    await userEvent.click(screen.getByTestId('ac-empty-import'));
    const dialog = (await screen.findByTestId('ac-import-count')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));

    await userEvent.click(within(none).getByRole('link', { name: '购买 AC License' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ac-download'));
  });

  test('without the purchase permission, no AC Licenses is only told', async () => {
    api({ '/ac/license/count': () => ({ available: 0, used: 5, total: 5 }) });
    renderApp('/ac-list');
    const none = await screen.findByTestId('ac-license-none');
    expect(none.textContent).toContain('请联系有购买权限的管理员');
    expect(within(none).queryByRole('link')).toBeNull();
  });

  test('in English: statuses, operators, headings and the menu label', async () => {
    await changeLocale('en');
    api();
    renderApp('/ac-list');
    await screen.findByTestId(`ac-bind-${IDLE_CODE}`);
    expect(within(rowOf(IDLE_CODE)).getByText('Idle')).toBeTruthy();
    expect(within(rowOf(IDLE_CODE)).getByText('China Mobile')).toBeTruthy();
    expect(within(rowOf(BOUND_CODE)).getByText('Bound, downloading')).toBeTruthy();
    expect(screen.getAllByText('Imported (UTC)').length).toBeGreaterThan(0);
    expect(within(document.querySelector('.ant-menu') as HTMLElement).getByText('AC list')).toBeTruthy();
  });
});
