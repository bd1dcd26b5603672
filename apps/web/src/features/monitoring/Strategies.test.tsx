import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { DEVICES, detail, STRATEGY_ID, STRATEGY_PERMS, strategy } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(STRATEGY_PERMS);
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/strategy/list': () => ({ total: 1, list: [strategy()] }),
    '/strategy/add': (body) => strategy({ ...(body as object), id: '8d9e0f1a-0000-4000-8000-000000000009', deviceCount: 0 }),
    '/strategy/update': (body) => strategy(body as object),
    '/strategy/detail': () => detail(),
    '/strategy/devices/list': (body) => {
      const on = (body as { strategyId?: string }).strategyId;
      const list = on ? DEVICES.filter((d) => d.strategyId === on) : DEVICES;
      return { total: list.length, list };
    },
    '/strategy/devices/update': () => ({ deviceCount: 14, changed: 2 }),
    ...extra,
  });
}

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

function fill(dialog: HTMLElement, testId: string, value: string) {
  fireEvent.change(within(dialog).getByTestId(testId), { target: { value } });
}

const inputValue = (dialog: HTMLElement, testId: string) => (within(dialog).getByTestId(testId) as HTMLInputElement).value;
const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByTestId('strategy-submit'));

async function openAdd() {
  await userEvent.click(await screen.findByTestId('strategy-add'));
  return (await screen.findByTestId('strategy-name')).closest('.ant-modal') as HTMLElement;
}

describe('monitoring strategies', () => {
  test('the table shows each strategy’s type, domains, quality, conditions, mode, failures, interval, switch target, devices and date', async () => {
    const a = api();
    renderApp('/settings');
    const table = await screen.findByTestId('strategies-table');
    const row = (await within(table).findByText('仓库专线')).closest('tr') as HTMLElement;
    for (const text of [
      '多域名',
      'www.example.com',
      '8.8.8.8',
      '一般',
      '丢包 ≥ 5% · 时延 > 400 ms · 抖动 > 50 ms',
      '任一条件不满足',
      '3 次',
      '10 分钟',
      '切换到 eSIM',
      '12',
      '2026-11-18',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(a.callsTo('/strategy/list')[0].body).toEqual({ pageNum: 1, pageSize: 10 });

    await userEvent.type(screen.getByLabelText('按策略名称搜索'), ' 仓库 {enter}');
    await waitFor(() => expect(a.callsTo('/strategy/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, name: '仓库' }));
  });

  test('the name searched and the page are in the URL: a link reads them back, reset clears them', async () => {
    const a = api();
    const { router } = renderApp(`/settings?name=${encodeURIComponent('仓库')}&page=2&size=20`);
    await screen.findByTestId('strategies-table');
    await waitFor(() => expect(a.callsTo('/strategy/list').map((c) => c.body)).toContainEqual({ pageNum: 2, pageSize: 20, name: '仓库' }));
    expect((screen.getByLabelText('按策略名称搜索') as HTMLInputElement).value).toBe('仓库');
    await userEvent.click(screen.getByTestId('strategy-filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe('?size=20'));
    await userEvent.type(screen.getByLabelText('按策略名称搜索'), '门店{enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('name')).toBe('门店'));
  });

  test('an empty list offers to add a strategy', async () => {
    api({ '/strategy/list': () => ({ total: 0, list: [] }) });
    renderApp('/settings');
    expect(await screen.findByTestId('strategy-empty')).toBeTruthy();
    await userEvent.click(screen.getByTestId('strategy-empty-add'));
    expect(await screen.findByText('新增监控策略')).toBeTruthy();
  });

  test('the form refuses an 11-character name, a bad domain and one domain for a multiple-domain strategy; a quality fills its defaults', async () => {
    const a = api();
    renderApp('/settings');
    const dialog = await openAdd();
    expect((within(dialog).getByTestId('strategy-loss') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByTestId('strategy-source').textContent).toContain('ITU-T Y.1541');

    fill(dialog, 'strategy-name', '一二三四五六七八九十一');
    fill(dialog, 'strategy-domain-0', 'not a domain');
    await submit(dialog);
    expect(await within(dialog).findByText('最多 10 个字符')).toBeTruthy();
    expect(await within(dialog).findByText('域名格式不正确，请填写如 www.example.com 的域名或 IPv4 地址')).toBeTruthy();
    expect(await within(dialog).findByText('请选择网络质量要求', { selector: '.ant-form-item-explain-error' })).toBeTruthy();

    await pick('strategy-quality', '弱网');
    await waitFor(() => expect(inputValue(dialog, 'strategy-loss')).toBe('20'));
    expect(inputValue(dialog, 'strategy-delay')).toBe('2000');
    expect(inputValue(dialog, 'strategy-jitter')).toBe('500');
    await waitFor(() => expect((within(dialog).getByTestId('strategy-loss') as HTMLInputElement).disabled).toBe(false));

    await userEvent.click(within(dialog).getByLabelText('多域名'));
    fill(dialog, 'strategy-domain-0', 'www.example.com');
    await userEvent.click(within(dialog).getByTestId('strategy-domain-remove-1'));
    expect(within(dialog).queryByTestId('strategy-domain-1')).toBeNull();
    fill(dialog, 'strategy-name', '仓库专线');
    await submit(dialog);
    expect(await within(dialog).findByText('多域名策略至少需要 2 个域名')).toBeTruthy();
    expect(a.callsTo('/strategy/add')).toHaveLength(0);
  });

  test('submit sends the strategy to add: domains tidied, edited defaults, failures and switch target', async () => {
    const a = api();
    renderApp('/settings');
    const dialog = await openAdd();
    fill(dialog, 'strategy-name', ' 门店链路 ');
    fill(dialog, 'strategy-interval', '30');
    await userEvent.click(within(dialog).getByLabelText('多域名'));
    fill(dialog, 'strategy-domain-0', ' WWW.Example.com ');
    fill(dialog, 'strategy-domain-1', '8.8.8.8');
    await pick('strategy-quality', '流畅');
    await waitFor(() => expect(inputValue(dialog, 'strategy-loss')).toBe('1'));
    fill(dialog, 'strategy-delay', '150');
    await userEvent.click(within(dialog).getByLabelText('全部条件不满足'));
    await pick('strategy-switch-to', '切换到实体卡');
    await submit(dialog);
    await waitFor(() => expect(a.callsTo('/strategy/add')).toHaveLength(1));
    expect(a.callsTo('/strategy/add')[0].body).toEqual({
      name: '门店链路',
      interval: 30,
      type: 'multiple',
      domains: ['www.example.com', '8.8.8.8'],
      quality: 'smooth',
      packetLoss: 1,
      delay: 150,
      jitter: 30,
      mode: 'all',
      consecutive: 3,
      switchTo: 'physical_card',
    });
    expect(await screen.findByText('监控策略“门店链路”已保存')).toBeTruthy();
  });

  test('a taken name (33002) is said at the name field', async () => {
    api({ '/strategy/update': () => jsonResponse({ success: false, code: 33002, msg: '策略名称已存在', obj: null }, 409) });
    renderApp('/settings');
    await userEvent.click(await screen.findByTestId(`strategy-edit-${STRATEGY_ID}`));
    const dialog = (await screen.findByTestId('strategy-name')).closest('.ant-modal') as HTMLElement;
    expect(inputValue(dialog, 'strategy-domain-1')).toBe('8.8.8.8');
    await submit(dialog);
    expect(await within(dialog).findByText('策略名称已存在', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });

  test('devices: the picker warns about devices on another strategy and associates the selected IMEIs', async () => {
    const a = api();
    renderApp('/settings');
    await userEvent.click(await screen.findByTestId(`strategy-devices-${STRATEGY_ID}`));
    expect(await screen.findByText('该策略共关联 12 台设备')).toBeTruthy();
    await waitFor(() => expect(a.callsTo('/strategy/devices/list')[0]?.body).toEqual({ pageNum: 1, pageSize: 10, strategyId: STRATEGY_ID }));

    await userEvent.click(screen.getByRole('tab', { name: '添加设备' }));
    const picker = await screen.findByTestId('strategy-devices-picker');
    expect(await within(picker).findByText('门店')).toBeTruthy();
    expect(within(picker).getByText('丢包 2.5% · 时延 120 ms · 抖动 18 ms')).toBeTruthy();
    expect(within(picker).getByText('本策略')).toBeTruthy();
    await userEvent.click(within(picker).getByRole('checkbox', { name: '选择设备 860000000000001' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: '选择设备 860000000000002' }));
    expect(await screen.findByTestId('strategy-devices-moving')).toBeTruthy();
    await userEvent.click(screen.getByTestId('strategy-devices-add'));
    await waitFor(() => expect(a.callsTo('/strategy/devices/update')).toHaveLength(1));
    expect(a.callsTo('/strategy/devices/update')[0].body).toEqual({ id: STRATEGY_ID, imeis: ['860000000000001', '860000000000002'], action: 'add' });
    expect(await screen.findByText('该策略共关联 14 台设备')).toBeTruthy();
  });

  test('the detail drawer lists the latest switches with their reason', async () => {
    api();
    renderApp('/settings');
    await userEvent.click(await screen.findByTestId(`strategy-detail-${STRATEGY_ID}`));
    const list = await screen.findByTestId('strategy-switches');
    expect(within(list).getByText('实体卡 → eSIM')).toBeTruthy();
    expect(within(list).getByText('已切换')).toBeTruthy();
    expect(list.textContent).toContain('原因：拨测 www.example.com，丢包 40% · 时延 900 ms · 抖动 无响应；不满足：丢包率、时延、抖动（连续 3 次）');
  });

  test('the detail drawer explains when there are no switches yet', async () => {
    api({ '/strategy/detail': () => detail({ switches: [] }) });
    renderApp('/settings');
    await userEvent.click(await screen.findByTestId(`strategy-detail-${STRATEGY_ID}`));
    expect(await screen.findByTestId('strategy-switches-empty')).toBeTruthy();
  });
});
