import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const KEY = {
  keyId: 'dk_0123456789abcdef01234567',
  secret: 'S3cr3tS3cr3tS3cr3t',
  protocol: 'rrp1-hmac-sha256',
  createdAt: '2026-11-20T00:00:00.000Z',
  previous: null,
};
const HOOK = {
  id: '0b9a1459-0000-4000-8000-0000000000a1',
  url: 'https://hooks.example.com/rrp',
  events: ['device.online', 'order.paid'],
  description: 'ERP',
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  failingSince: null,
  secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
};
const DELIVERY = {
  id: '0b9a1459-0000-4000-8000-0000000000d1',
  messageId: 'msg_0123456789abcdef01234567',
  endpointId: HOOK.id,
  url: HOOK.url,
  event: 'webhook.test',
  state: 'retrying',
  attempts: 2,
  lastStatus: 503,
  lastResponse: 'Service Unavailable',
  lastAttemptAt: '2026-11-20T00:01:00.000Z',
  nextAttemptAt: '2026-11-20T00:06:00.000Z',
  createdAt: '2026-11-20T00:00:00.000Z',
  payload: '{"type":"webhook.test","timestamp":"2026-11-20T00:00:00.000Z","data":{}}',
};
const PERMS = ['DEVELOPER_MANAGEMENT', 'DEVICE_LIST', 'ACCOUNT_INFO'];

function devApi(extra: Record<string, (b: unknown) => unknown> = {}) {
  return mockApi({
    '/developer/deviceKey/query': () => KEY,
    '/developer/deviceKey/rotate': () => ({ ...KEY, keyId: 'dk_new', previous: { keyId: KEY.keyId, validUntil: '2026-11-23T00:00:00.000Z' } }),
    '/developer/apiKey/list': () => [],
    '/developer/apiKey/add': () => ({ keyId: 'ak_0123456789abcdef01234567', secret: 'the-only-time-secret' }),
    '/developer/webhook/list': () => [HOOK],
    '/developer/webhook/add': (b) => ({ ...HOOK, ...(b as object) }),
    '/developer/webhook/delivery/list': () => ({ total: 1, list: [DELIVERY] }),
    '/developer/webhook/delivery/redeliver': () => DELIVERY,
    '/developer/callbackKey/list': () => [],
    ...extra,
  });
}
const refusal = (code: number, msg: string) => () => new Response(JSON.stringify({ success: false, code, msg, obj: null }), { status: 400 });

beforeEach(() => resetState());

describe('developer area', () => {
  test('the device key is masked until shown, and rotating calls the rotation', async () => {
    const a = devApi();
    signIn(PERMS);
    renderApp('/developer');
    const secret = await screen.findByTestId('device-key-secret');
    expect(secret.textContent).not.toContain(KEY.secret);
    await userEvent.click(screen.getByTestId('device-key-secret-toggle'));
    expect(screen.getByTestId('device-key-secret').textContent).toContain(KEY.secret);
    await userEvent.click(screen.getByTestId('device-key-rotate'));
    await userEvent.click(await screen.findByTestId('device-key-rotate-ok'));
    await waitFor(() => expect(a.callsTo('/developer/deviceKey/rotate')).toHaveLength(1));
  });

  test('an API key offers only the codes the member holds, sends the exact body and shows its secret once', async () => {
    const a = devApi();
    signIn(PERMS);
    renderApp('/developer?tab=apiKeys');
    await userEvent.click(await screen.findByTestId('api-key-create'));
    const group = await screen.findByTestId('api-key-permissions');
    expect(within(group).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(group).queryByText('Buy Licenses')).toBeNull();
    await userEvent.type(screen.getByTestId('api-key-name'), 'ERP sync');
    await userEvent.click(within(group).getAllByRole('checkbox')[1]);
    await userEvent.type(screen.getByTestId('api-key-ips'), '203.0.113.10{enter}198.51.100.0/24');
    await userEvent.click(screen.getByTestId('api-key-create-ok'));
    await waitFor(() => expect(a.callsTo('/developer/apiKey/add')).toHaveLength(1));
    const body = a.callsTo('/developer/apiKey/add')[0].body as Record<string, unknown>;
    expect(body).toEqual({ name: 'ERP sync', permissions: [expect.any(String)], ipAllowList: ['203.0.113.10', '198.51.100.0/24'] });
    expect(PERMS).toContain((body.permissions as string[])[0]);
    expect((await screen.findByTestId('api-key-created-secret')).textContent).toContain('the-only-time-secret');
  });

  test('a bad allow-list entry is said at its field and nothing is sent; a code the creator lacks is said at the permissions', async () => {
    const a = devApi({ '/developer/apiKey/add': refusal(38002, 'API 密钥不能拥有您没有的权限：DEVICE_LIST') });
    signIn(PERMS);
    renderApp('/developer?tab=apiKeys');
    await userEvent.click(await screen.findByTestId('api-key-create'));
    await userEvent.type(await screen.findByTestId('api-key-name'), 'k');
    await userEvent.click(within(screen.getByTestId('api-key-permissions')).getAllByRole('checkbox')[0]);
    await userEvent.type(screen.getByTestId('api-key-ips'), '300.1.1.1');
    await userEvent.click(screen.getByTestId('api-key-create-ok'));
    expect(await screen.findByText(/300\.1\.1\.1/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(a.callsTo('/developer/apiKey/add')).toHaveLength(0);
    await userEvent.clear(screen.getByTestId('api-key-ips'));
    await userEvent.click(screen.getByTestId('api-key-create-ok'));
    expect(await screen.findByText(/您没有的权限/)).toBeTruthy();
  });

  test('a webhook needs a valid URL and an event; the server’s refusal of the address is said at the URL', async () => {
    const a = devApi({ '/developer/webhook/add': refusal(38004, 'Webhook 地址不可用：解析到私有地址 10.0.0.5') });
    signIn(PERMS);
    renderApp('/developer?tab=webhooks');
    await userEvent.click(await screen.findByTestId('webhook-add'));
    await userEvent.type(await screen.findByTestId('webhook-url'), 'not a url');
    await userEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText('请输入有效的 URL，例如 https://example.com/webhooks')).toBeTruthy();
    expect(await screen.findByText('请至少选择一个事件')).toBeTruthy();
    expect(a.callsTo('/developer/webhook/add')).toHaveLength(0);
    await userEvent.clear(screen.getByTestId('webhook-url'));
    await userEvent.type(screen.getByTestId('webhook-url'), 'https://internal.example.com/hook');
    await userEvent.click(screen.getByLabelText('设备离线'));
    await userEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(() => expect(a.callsTo('/developer/webhook/add')).toHaveLength(1));
    expect(a.callsTo('/developer/webhook/add')[0].body).toEqual({ url: 'https://internal.example.com/hook', events: ['device.offline'], description: '' });
    expect(await screen.findByText(/解析到私有地址/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });

  test('the delivery log shows the attempts and the answer, and redelivers a message', async () => {
    const a = devApi();
    signIn(PERMS);
    renderApp('/developer?tab=deliveries');
    const table = await screen.findByTestId('delivery-table');
    expect(await within(table).findByText('重试中')).toBeTruthy();
    expect(within(table).getByText('503')).toBeTruthy();
    expect(within(table).getByText('测试事件')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: /展开行|Expand row/ }));
    expect(await screen.findByText('Service Unavailable')).toBeTruthy();
    await userEvent.click(within(table).getByTestId(`delivery-redeliver-${DELIVERY.id}`));
    await waitFor(() => expect(a.callsTo('/developer/webhook/delivery/redeliver')).toHaveLength(1));
    expect(a.callsTo('/developer/webhook/delivery/redeliver')[0].body).toEqual({ id: DELIVERY.id });
  });

  test('a member without the developer code does not reach the page', async () => {
    devApi();
    signIn(['DEVICE_LIST']);
    renderApp('/developer');
    expect(await screen.findByText('401')).toBeTruthy();
    expect(screen.queryByTestId('developer-tabs')).toBeNull();
  });
});
