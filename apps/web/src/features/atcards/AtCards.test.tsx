import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { AT_POLL_MS } from './api';
import { atCard, CARDS, ICCID_A1, ICCID_A2, IMEI_A, IMEI_B, LOG, SYNC_ANSWER } from './testFixtures';

const PAGE = '/at-card-management/index';

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});

afterEach(async () => {
  vi.useRealTimers();
  await changeLocale('zh-CN');
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/atCard/list': () => ({ total: CARDS.length, list: CARDS }),
    '/atCard/log': () => ({ list: LOG }),
    '/atCard/command': () => ({ operationId: 20, at: 'AT+QDSIM=1' }),
    ...extra,
  });
}

const row = (imei: string, slot: number) => screen.getByTestId(`atcard-row-${imei}-${slot}`);

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

describe('AT card page', () => {
  test('lists the slots grouped by device: IMEI and name once, slot, ICCID, localised operator, state, signal, UTC sync time', async () => {
    const a = api();
    renderApp(PAGE);
    await screen.findByTestId(`atcard-row-${IMEI_A}-1`);
    expect(a.callsTo('/atCard/list')[0].body).toEqual({ pageNum: 1, pageSize: 20 });
    expect(screen.getByText(/AT 卡是设备蜂窝模组卡槽中的实体 SIM 卡/)).toBeTruthy();

    const a1 = row(IMEI_A, 1);
    for (const text of [IMEI_A, '冷库网关 <A>', '卡槽 1', ICCID_A1, '中国移动', '使用中', '4/5', '2026-11-20 08:30'])
      expect(within(a1).getByText(text)).toBeTruthy();
    expect(within(a1).getByText('冷库网关 <A>').getAttribute('translate')).toBe('no');
    // the device cell spans its two slots: the second row has no device cell of its own
    const a2 = row(IMEI_A, 2);
    expect(within(a2).queryByText(IMEI_A)).toBeNull();
    for (const text of ['卡槽 2', ICCID_A2, '中国联通', '待用']) expect(within(a2).getByText(text)).toBeTruthy();
    expect(within(a2).getByTestId('atcard-state-standby').className).toContain('ant-tag-blue');
    expect(within(row(IMEI_B, 2)).getByText('空卡槽')).toBeTruthy();

    // switch only to a standby slot; sync and the log per device
    expect(within(a2).getByTestId(`atcard-switch-${IMEI_A}-2`)).toBeTruthy();
    expect(screen.queryByTestId(`atcard-switch-${IMEI_A}-1`)).toBeNull();
    expect(screen.queryByTestId(`atcard-switch-${IMEI_B}-2`)).toBeNull();
    expect(screen.getByTestId(`atcard-sync-${IMEI_A}`)).toBeTruthy();
    expect(screen.getByTestId(`atcard-log-${IMEI_B}`)).toBeTruthy();
    expect(screen.getByText('共 4 个卡槽')).toBeTruthy();
  });

  test('the filters become the list request from page 1; reset clears them', async () => {
    const a = api();
    renderApp(PAGE);
    await screen.findByTestId(`atcard-row-${IMEI_A}-1`);
    await pick('atcard-filter-state', '待用');
    await pick('atcard-filter-operator', '中国电信');
    fireEvent.change(screen.getByTestId('atcard-filter-keyword'), { target: { value: ' 8986 ' } });
    await userEvent.click(screen.getByTestId('atcard-filter-search'));
    await waitFor(() =>
      expect(a.callsTo('/atCard/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 20, state: 'standby', operatorCode: '46011', keyword: '8986' }),
    );
    await userEvent.click(screen.getByTestId('atcard-filter-reset'));
    expect((screen.getByTestId('atcard-filter-keyword') as HTMLInputElement).value).toBe('');
  });

  test('the filters and the page size are read from the URL; reset leaves only the size', async () => {
    const a = api();
    const { router } = renderApp(`${PAGE}?state=standby&operator=46011&keyword=8986&size=50`);
    await screen.findByTestId(`atcard-row-${IMEI_A}-1`);
    await waitFor(() =>
      expect(a.callsTo('/atCard/list').map((c) => c.body)).toContainEqual({
        pageNum: 1,
        pageSize: 50,
        state: 'standby',
        operatorCode: '46011',
        keyword: '8986',
      }),
    );
    expect((screen.getByTestId('atcard-filter-keyword') as HTMLInputElement).value).toBe('8986');
    await userEvent.click(screen.getByTestId('atcard-filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe('?size=50'));
    await pick('atcard-filter-state', '待用');
    await userEvent.click(screen.getByTestId('atcard-filter-search'));
    await waitFor(() => expect(router.state.location.search).toBe('?size=50&state=standby'));
  });

  test('switch asks first, then sends the IMEI, the command and the slot; the pending device is polled until done', async () => {
    let pending = false;
    const a = api({
      '/atCard/list': () => ({ total: CARDS.length, list: CARDS.map((c) => (c.imei === IMEI_A ? { ...c, pending } : c)) }),
      '/atCard/command': () => {
        pending = true;
        return { operationId: 20, at: 'AT+QDSIM=1' };
      },
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByTestId(`atcard-switch-${IMEI_A}-2`));
    expect(await screen.findByText('确定将模组切换到卡槽 2？')).toBeTruthy();
    await userEvent.click(await screen.findByTestId('atcard-switch-ok'));
    await waitFor(() => expect(a.callsTo('/atCard/command')[0]?.body).toEqual({ imei: IMEI_A, command: 'switch', slot: 2 }));
    await screen.findByTestId(`atcard-pending-${IMEI_A}`);
    expect((screen.getByTestId(`atcard-sync-${IMEI_A}`) as HTMLButtonElement).disabled).toBe(true);

    const before = a.callsTo('/atCard/list').length;
    pending = false;
    await waitFor(() => expect(a.callsTo('/atCard/list').length).toBeGreaterThan(before), { timeout: AT_POLL_MS + 2_000 });
    await waitFor(() => expect(screen.queryByTestId(`atcard-pending-${IMEI_A}`)).toBeNull());
  }, 15_000);

  test('sync sends the device’s IMEI', async () => {
    const a = api({ '/atCard/command': () => ({ operationId: 21, at: 'AT+QCCID;+COPS?;+CSQ' }) });
    renderApp(PAGE);
    await userEvent.click(await screen.findByTestId(`atcard-sync-${IMEI_B}`));
    await waitFor(() => expect(a.callsTo('/atCard/command')[0]?.body).toEqual({ imei: IMEI_B, command: 'sync' }));
  });

  test('the AT log shows each command as sent and the raw answer, status and actor', async () => {
    const a = api();
    renderApp(PAGE);
    await userEvent.click(await screen.findByTestId(`atcard-log-${IMEI_A}`));
    const drawer = await screen.findByTestId('atcard-log-drawer');
    await within(drawer).findByTestId('atcard-log-entry-13');
    expect(a.callsTo('/atCard/log')[0].body).toEqual({ imei: IMEI_A });
    const sync = within(drawer).getByTestId('atcard-log-entry-13');
    expect(within(sync).getByTestId('atcard-log-at').textContent).toBe('AT+QCCID;+COPS?;+CSQ');
    expect(within(sync).getByTestId('atcard-log-response').tagName).toBe('PRE');
    expect(within(sync).getByTestId('atcard-log-response').textContent).toBe(SYNC_ANSWER.replace(/\r\n/g, '\n'));
    const failed = within(drawer).getByTestId('atcard-log-entry-12');
    expect(within(failed).getByTestId('atcard-log-response').textContent).toBe('+CME ERROR: 10');
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('张三')).toBeTruthy();
    expect(within(drawer).getAllByText('AT+QDSIM=1')).toHaveLength(2);
  });

  test('a pending command in the log has no answer yet and is polled', async () => {
    let status: 'pending' | 'done' = 'pending';
    const a = api({
      '/atCard/log': () => ({ list: [{ ...LOG[2], status, response: status === 'done' ? 'OK' : null, finishedAt: null }] }),
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByTestId(`atcard-log-${IMEI_A}`));
    expect(await screen.findByText('等待模组应答…')).toBeTruthy();
    status = 'done';
    await waitFor(() => expect(screen.getByTestId('atcard-log-response').textContent).toBe('OK'), { timeout: AT_POLL_MS + 2_000 });
    expect(a.callsTo('/atCard/log').length).toBeGreaterThan(1);
  }, 15_000);

  test('without the device list permission: the list and the log, no command', async () => {
    signIn([]);
    api();
    renderApp(PAGE);
    await screen.findByTestId(`atcard-row-${IMEI_A}-1`);
    expect(screen.getByTestId('atcard-readonly')).toBeTruthy();
    expect(screen.queryByTestId(`atcard-switch-${IMEI_A}-2`)).toBeNull();
    expect(screen.queryByTestId(`atcard-sync-${IMEI_A}`)).toBeNull();
    expect(screen.getByTestId(`atcard-log-${IMEI_A}`)).toBeTruthy();
  });

  test('in English', async () => {
    await changeLocale('en');
    api({ '/atCard/list': () => ({ total: 1, list: [atCard({ operatorCode: '46001' })] }) });
    renderApp(PAGE);
    const r = await screen.findByTestId(`atcard-row-${IMEI_A}-1`);
    for (const text of ['Slot 1', 'China Unicom', 'Active', 'Sync', 'AT log']) expect(within(r).getByText(text)).toBeTruthy();
    expect(screen.getByText('1 slot in total')).toBeTruthy();
  });
});
