import type { TConnectivityAccount } from '@rrp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../i18n';
import { startSession } from '../lib/session';
import { type ApiHandler, mockApi, renderApp, resetState } from '../test/utils';

const SIM: TConnectivityAccount = {
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'simulated',
  name: 'Simulated network',
  baseUrl: '',
  credentialsHint: '',
  regions: [],
  operators: [],
  iccidPrefixes: [],
  importCompanyId: null,
  importCompanyName: null,
  state: 'active',
  stateMessage: null,
  unreachableSince: null,
  lastSyncAt: null,
  lastUsageAt: null,
  devices: 120,
  platformSims: 0,
};
const CC: TConnectivityAccount = {
  ...SIM,
  id: '0b9a1459-0000-4000-8000-0000000000a1',
  kind: 'cisco_cc',
  name: 'Control Center EU',
  baseUrl: 'https://cc.example.com/rws/api/v1',
  credentialsHint: 'ops-user / ••••4a',
  regions: ['europe'],
  operators: ['26202'],
  state: 'unreachable',
  stateMessage: 'connect ECONNREFUSED',
  unreachableSince: '2026-11-29T07:45:00.000Z',
  lastSyncAt: '2026-11-29T06:00:00.000Z',
  devices: 3,
  platformSims: 5,
};
const OL: TConnectivityAccount = {
  ...SIM,
  id: '0b9a1459-0000-4000-8000-0000000000a2',
  kind: 'onelink',
  name: 'OneLink',
  baseUrl: 'https://api.iot.10086.cn',
  credentialsHint: 'app / ••••xw',
  state: 'auth_failed',
  stateMessage: 'appid or password wrong (12021)',
};

function staff() {
  startSession({ principal: 'staff', token: 't', secretKey: 's', permissionsList: ['OPS_CONNECTIVITY'], deductionSource: 0 });
}
const envelopeError = (code: number, msg: string, status = 409) => new Response(JSON.stringify({ success: false, code, msg, obj: null }), { status });

function opsApi(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    '/api/v1/ops/account/query': () => ({ userId: 'o1', name: '运营', email: 'ops@rrp.local', locale: 'zh-CN', permissionsList: ['OPS_CONNECTIVITY'] }),
    '/api/v1/ops/connectivity/list': () => ({ total: 3, list: [SIM, CC, OL] }),
    '/api/v1/ops/connectivity/detail': (b) => [SIM, CC, OL].find((a) => a.id === (b as { id: string }).id),
    '/api/v1/ops/company/list': () => ({ total: 0, list: [] }),
    ...extra,
  });
}

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

beforeEach(() => resetState());
afterEach(() => changeLocale('zh-CN'));

describe('operator platforms in the back office', () => {
  test('lists the accounts with their kind, state ("unreachable since", the platform message in a tooltip) and counts', async () => {
    opsApi();
    staff();
    renderApp('/ops/connectivity');
    const table = await screen.findByTestId('connectivity-table');
    const cc = (await within(table).findByText('Control Center EU')).closest('tr') as HTMLElement;
    expect(within(cc).getByText('Cisco IoT Control Center')).toBeTruthy();
    expect(within(cc).getByText('自 07:45 UTC 起无法连接')).toBeTruthy();
    const ol = within(table).getByText('OneLink').closest('tr') as HTMLElement;
    expect(within(ol).getByText('认证失败')).toBeTruthy();
    await userEvent.hover(within(ol).getByText('认证失败'));
    expect(await screen.findByText('appid or password wrong (12021)')).toBeTruthy();
  });

  test('adding a OneLink account asks for appid and password, sends them once, and shows a taken name at the name field', async () => {
    const a = opsApi({ '/api/v1/ops/connectivity/add': () => envelopeError(40002, 'An operator platform account of this name already exists') });
    staff();
    await changeLocale('en');
    renderApp('/ops/connectivity');
    await screen.findByText('Control Center EU');
    await userEvent.click(screen.getByTestId('connectivity-add'));
    await pick('connectivity-kind', 'China Mobile OneLink');
    expect(await screen.findByLabelText('AppID')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    await userEvent.type(screen.getByTestId('connectivity-name'), 'OneLink');
    await userEvent.type(screen.getByTestId('connectivity-base-url'), 'https://api.iot.10086.cn/v5');
    await userEvent.type(screen.getByTestId('connectivity-username'), 'app-1');
    await userEvent.type(screen.getByTestId('connectivity-secret'), 'pw-secret');
    await userEvent.click(screen.getByTestId('connectivity-form-ok'));
    expect(await screen.findByText('An operator platform account of this name already exists')).toBeTruthy();
    const [sent] = a.callsTo('/ops/connectivity/add');
    expect(sent.body).toMatchObject({ kind: 'onelink', name: 'OneLink', credentials: { kind: 'onelink', appid: 'app-1', password: 'pw-secret' } });
  });

  test('editing with the credential fields empty keeps the saved ones; one without the other is refused', async () => {
    const a = opsApi({ '/api/v1/ops/connectivity/update': (b) => ({ ...CC, ...(b as object) }) });
    staff();
    renderApp('/ops/connectivity');
    await screen.findByText('Control Center EU');
    await userEvent.click(screen.getByTestId(`connectivity-edit-${CC.id}`));
    expect(await screen.findByText(/已保存：ops-user \/ ••••4a/)).toBeTruthy();
    await userEvent.type(screen.getByTestId('connectivity-username'), 'someone');
    await userEvent.click(screen.getByTestId('connectivity-form-ok'));
    expect((await screen.findAllByText('请两项都填写，或都留空以保留已保存的凭据')).length).toBeGreaterThan(0);
    expect(a.callsTo('/ops/connectivity/update')).toHaveLength(0);
    await userEvent.clear(screen.getByTestId('connectivity-username'));
    const name = screen.getByTestId('connectivity-name');
    await userEvent.clear(name);
    await userEvent.type(name, 'CC renamed');
    await userEvent.click(screen.getByTestId('connectivity-form-ok'));
    await waitFor(() => expect(a.callsTo('/ops/connectivity/update')).toHaveLength(1));
    const [sent] = a.callsTo('/ops/connectivity/update');
    expect(sent.body).toMatchObject({ id: CC.id, name: 'CC renamed', baseUrl: CC.baseUrl, regions: ['europe'] });
    expect(sent.body).not.toHaveProperty('credentials');
  });

  test('test connection shows the answer, and disabling asks first', async () => {
    const a = opsApi({
      '/api/v1/ops/connectivity/test': () => ({ ok: false, message: 'connect ECONNREFUSED 127.0.0.1:9', latencyMs: 12, detail: {}, state: 'unreachable' }),
      '/api/v1/ops/connectivity/disable': (b) => ({ ...CC, state: (b as { disabled: boolean }).disabled ? 'disabled' : 'active' }),
    });
    staff();
    renderApp('/ops/connectivity');
    await screen.findByText('Control Center EU');
    await userEvent.click(screen.getByTestId(`connectivity-more-${CC.id}`));
    await userEvent.click(await screen.findByText('测试连接'));
    const result = await screen.findByTestId('connectivity-test-result');
    expect(within(result).getByText('连接失败')).toBeTruthy();
    expect(within(result).getByText('connect ECONNREFUSED 127.0.0.1:9')).toBeTruthy();
    expect(within(result).getByText('12 毫秒')).toBeTruthy();
    await userEvent.click(screen.getByTestId('connectivity-test-close'));

    await userEvent.click(screen.getByTestId(`connectivity-more-${CC.id}`));
    await userEvent.click(await screen.findByText('停用'));
    expect((await screen.findAllByText(/停用 Control Center EU？/)).length).toBeGreaterThan(0);
    expect(a.callsTo('/ops/connectivity/disable')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('connectivity-disable-ok'));
    await waitFor(() => expect(a.callsTo('/ops/connectivity/disable')).toHaveLength(1));
    expect(a.callsTo('/ops/connectivity/disable')[0].body).toEqual({ id: CC.id, disabled: true });
  });

  test('the detail drawer reconciles: a platform-only SIM is marked removed after confirmation', async () => {
    const row = {
      iccid: '89860000000000009999',
      deviceId: null,
      imei: null,
      companyId: null,
      companyName: null,
      platformStatus: 'ACTIVATED',
      platformState: 'active',
      productState: null,
      msisdn: null,
      syncedAt: '2026-11-29T06:00:00.000Z',
    };
    const a = opsApi({
      '/api/v1/ops/connectivity/reconcile/list': (b) => ((b as { view: string }).view === 'platform_only' ? { total: 1, list: [row] } : { total: 0, list: [] }),
      '/api/v1/ops/connectivity/reconcile/resolve': () => ({ action: 'remove', iccid: row.iccid, deviceId: null }),
    });
    staff();
    renderApp('/ops/connectivity');
    await userEvent.click(await screen.findByTestId(`connectivity-open-${CC.id}`));
    const detail = await screen.findByTestId('connectivity-detail');
    expect(within(detail).getByText('ops-user / ••••4a')).toBeTruthy();
    expect(within(detail).getByText('欧洲')).toBeTruthy();
    await userEvent.click(await screen.findByTestId(`reconcile-remove-${row.iccid}`));
    await userEvent.click(await screen.findByTestId(`reconcile-remove-${row.iccid}-ok`));
    await waitFor(() => expect(a.callsTo('/ops/connectivity/reconcile/resolve')).toHaveLength(1));
    expect(a.callsTo('/ops/connectivity/reconcile/resolve')[0].body).toEqual({ id: CC.id, action: 'remove', iccid: row.iccid });
    await userEvent.click(screen.getByRole('tab', { name: '仅产品有' }));
    expect(await screen.findByText('此处没有需要对账的记录')).toBeTruthy();
  });
});
