import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { AC_CODE, EID_A, ESIM_PERMS, esimDetail, esimRow, ICCID_GONE, ICCID_OFF, ICCID_ON, operation, PENDING_DETAIL, ROWS } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(ESIM_PERMS);
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/esim/list': () => ({ total: ROWS.length, list: ROWS }),
    '/esim/detail': () => esimDetail(),
    '/esim/profile/enable': () => ({ operationId: 10 }),
    '/esim/profile/disable': () => ({ operationId: 11 }),
    '/esim/profile/delete': () => ({ operationId: 12 }),
    '/esim/activate': () => ({ operationId: 13 }),
    '/esim/pause': () => ({ operationId: 14 }),
    ...extra,
  });
}

/** Opens the detail of EID_A from the URL and waits for its profiles. */
async function openDetail(): Promise<HTMLElement> {
  renderApp(`/esim-list?eid=${EID_A}`);
  const detail = await screen.findByTestId('esim-detail');
  await within(detail).findByTestId('esim-profiles');
  return detail;
}

const profileRow = (iccid: string) => document.querySelector(`[data-testid="esim-profiles"] tr[data-row-key="${iccid}"]`) as HTMLElement;
const isDisabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

describe('EID detail', () => {
  test('a deep link shows the facts, the profiles (state, source, usage, downloaded) and their actions, and the operation log', async () => {
    const a = api();
    const detail = await openDetail();
    expect(a.callsTo('/esim/detail')[0].body).toEqual({ eid: EID_A });
    for (const text of ['示例科技', '仓库网关', '已激活', '使用中']) expect(within(detail).getAllByText(text).length).toBeGreaterThan(0);

    const on = profileRow(ICCID_ON);
    for (const text of ['中国移动', '已启用', '出厂内置', '2 GB', '2026-11-01 00:00:00']) expect(within(on).getByText(text)).toBeTruthy();
    expect(within(on).getByTestId(`profile-disable-${ICCID_ON}`)).toBeTruthy();
    expect(within(on).queryByTestId(`profile-enable-${ICCID_ON}`)).toBeNull();
    expect(within(on).queryByTestId(`profile-delete-${ICCID_ON}`)).toBeNull();

    const off = profileRow(ICCID_OFF);
    for (const text of ['中国联通', '已停用', AC_CODE, '10 MB']) expect(within(off).getByText(text)).toBeTruthy();
    expect(within(off).getByTestId(`profile-enable-${ICCID_OFF}`)).toBeTruthy();
    expect(within(off).getByTestId(`profile-delete-${ICCID_OFF}`)).toBeTruthy();
    expect(within(off).queryByTestId(`profile-disable-${ICCID_OFF}`)).toBeNull();

    const gone = profileRow(ICCID_GONE);
    expect(within(gone).getByText('已删除')).toBeTruthy();
    expect(within(gone).queryByRole('button', { name: /启用|停用|删除/ })).toBeNull();

    // activated: pause is offered, not activate
    expect(screen.getByTestId('esim-pause')).toBeTruthy();
    expect(screen.queryByTestId('esim-activate')).toBeNull();

    const ops = within(detail).getByTestId('esim-operations');
    expect(within(ops).getByText('启用 eSIM Profile')).toBeTruthy();
    expect(within(ops).getByText('Alice')).toBeTruthy();
    expect(within(ops).getByText('平台')).toBeTruthy();
    expect(within(ops).getByText('2026-11-21 03:00:04')).toBeTruthy();
  });

  test('Enable sends {eid, iccid} to /rrp/esim/profile/enable, says it was sent, and reads the detail and the list again', async () => {
    const a = api();
    await openDetail();
    const details = a.callsTo('/esim/detail').length;
    const lists = a.callsTo('/esim/list').length;
    await userEvent.click(screen.getByTestId(`profile-enable-${ICCID_OFF}`));
    await waitFor(() => expect(a.callsTo('/esim/profile/enable')).toHaveLength(1));
    expect(a.callsTo('/esim/profile/enable')[0].body).toEqual({ eid: EID_A, iccid: ICCID_OFF });
    expect(await screen.findByText('指令已发送，几秒后完成。')).toBeTruthy();
    await waitFor(() => expect(a.callsTo('/esim/detail').length).toBeGreaterThan(details));
    await waitFor(() => expect(a.callsTo('/esim/list').length).toBeGreaterThan(lists));
  });

  test('Disable sends the enabled profile', async () => {
    const a = api();
    await openDetail();
    await userEvent.click(screen.getByTestId(`profile-disable-${ICCID_ON}`));
    await waitFor(() => expect(a.callsTo('/esim/profile/disable')).toHaveLength(1));
    expect(a.callsTo('/esim/profile/disable')[0].body).toEqual({ eid: EID_A, iccid: ICCID_ON });
  });

  test('Delete asks for confirmation first; cancelling sends nothing', async () => {
    const a = api();
    await openDetail();
    await userEvent.click(screen.getByTestId(`profile-delete-${ICCID_OFF}`));
    expect(await screen.findByText('确定从 eSIM 上删除该 Profile 吗？')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(a.callsTo('/esim/profile/delete')).toHaveLength(0);

    await userEvent.click(screen.getByTestId(`profile-delete-${ICCID_OFF}`));
    await userEvent.click(await screen.findByTestId('profile-delete-ok'));
    await waitFor(() => expect(a.callsTo('/esim/profile/delete')).toHaveLength(1));
    expect(a.callsTo('/esim/profile/delete')[0].body).toEqual({ eid: EID_A, iccid: ICCID_OFF });
  });

  test('Pause asks first (it stops the data service); a paused eSIM offers Activate', async () => {
    let paused = false;
    const a = api({ '/esim/detail': () => (paused ? esimDetail({ esim: esimRow({ state: 'paused' }) }) : esimDetail()) });
    await openDetail();
    await userEvent.click(screen.getByTestId('esim-pause'));
    expect(await screen.findByText('确定暂停该 eSIM 的数据服务吗？')).toBeTruthy();
    expect(a.callsTo('/esim/pause')).toHaveLength(0);
    paused = true;
    await userEvent.click(await screen.findByTestId('esim-pause-ok'));
    await waitFor(() => expect(a.callsTo('/esim/pause')).toHaveLength(1));
    expect(a.callsTo('/esim/pause')[0].body).toEqual({ eid: EID_A });

    await userEvent.click(await screen.findByTestId('esim-activate'));
    await waitFor(() => expect(a.callsTo('/esim/activate')).toHaveLength(1));
    expect(a.callsTo('/esim/activate')[0].body).toEqual({ eid: EID_A });
  });

  test('while a command is pending the buttons are disabled and the detail is polled; once done, they come back and the list is read again', async () => {
    let pending = true;
    const a = api({ '/esim/detail': () => (pending ? PENDING_DETAIL : esimDetail({ operations: [operation({ id: 3 }), operation()] })) });
    await openDetail();
    expect(screen.getByTestId('esim-pending-hint')).toBeTruthy();
    for (const id of [`profile-enable-${ICCID_OFF}`, `profile-disable-${ICCID_ON}`, `profile-delete-${ICCID_OFF}`, 'esim-pause'])
      expect(isDisabled(id)).toBe(true);
    expect(within(screen.getByTestId('esim-operations')).getByTestId('esim-op-status-3').textContent).toBe('执行中');

    const details = a.callsTo('/esim/detail').length;
    const lists = a.callsTo('/esim/list').length;
    pending = false;
    await waitFor(() => expect(a.callsTo('/esim/detail').length).toBeGreaterThan(details), { timeout: 6000 });
    await waitFor(() => expect(isDisabled(`profile-enable-${ICCID_OFF}`)).toBe(false));
    expect(isDisabled('esim-pause')).toBe(false);
    expect(screen.queryByTestId('esim-pending-hint')).toBeNull();
    await waitFor(() => expect(a.callsTo('/esim/list').length).toBeGreaterThan(lists));
  }, 20_000);

  test('a failed operation shows its 51xxx text, in both languages', async () => {
    api();
    const detail = await openDetail();
    expect(within(detail).getByTestId('esim-op-failure-2').textContent).toBe('Profile 回收失败');
    expect(within(detail).getByTestId('esim-op-status-2').textContent).toBe('失败');
    expect(within(detail).getByText('删除 eSIM Profile')).toBeTruthy();

    await changeLocale('en');
    await waitFor(() => expect(within(detail).getByTestId('esim-op-failure-2').textContent).toBe('Profile recycle failed'));
    expect(within(detail).getByText('Delete eSIM profile')).toBeTruthy();
  });

  test('a refusal of the server is shown like any API error, and nothing is said to be sent', async () => {
    api({
      '/esim/profile/enable': () => jsonResponse({ success: false, code: 35002, msg: 'eSIM 当前无法执行此操作：设备离线', obj: null }, 409),
    });
    await openDetail();
    await userEvent.click(screen.getByTestId(`profile-enable-${ICCID_OFF}`));
    expect(await screen.findByText('eSIM 当前无法执行此操作：设备离线')).toBeTruthy();
    expect(screen.queryByText('指令已发送，几秒后完成。')).toBeNull();
  });
});
