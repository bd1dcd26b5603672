import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const COUNT = { stock: 42, inUse: 130, expiring30d: 2, reserved: 3, importable: 39 };
const LEDGER = {
  total: 2,
  list: [
    { id: 2, at: '2026-11-20T08:05:01Z', delta: 7, reason: 'purchase', imei: null, orderNo: 'R20261120000000000001', userName: 'Alice', balance: 42 },
    { id: 1, at: '2026-11-19T03:00:00Z', delta: -1, reason: 'auto_renewal', imei: '861234567890123', orderNo: null, userName: null, balance: 35 },
  ],
};
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const EXPIRING = {
  total: 2,
  list: [
    { id: 'd1', imei: '861234567890123', name: '水泵 1 号', companyName: '示例科技', licenseExpiresAt: soon(3.5), autoRenew: false },
    { id: 'd2', imei: '861234567890124', name: '水泵 2 号', companyName: '示例科技', licenseExpiresAt: soon(20.5), autoRenew: true },
  ],
};

function api() {
  return mockApi({
    '/license/query/count': () => COUNT,
    '/license/ledger/list': () => LEDGER,
    '/license/expiring/list': () => EXPIRING,
    '/license/autoRenew/update': (body) => ({ updated: (body as { imeis?: string[] }).imeis?.length ?? 57 }),
  });
}

beforeEach(() => resetState());

describe('License management', () => {
  test('the stock figures, a buy button for who may buy, and the history with the balance after each change', async () => {
    signIn(['DEVICE_LIST', 'MERCHANDISE', 'MERCHANDISE_BUY_LICENSE']);
    const a = api();
    const { router } = renderApp('/licenseManagement');
    const stock = await screen.findByTestId('license-stock');
    await within(stock).findByText('42');
    expect(within(stock).getByText('130')).toBeTruthy();
    expect(within(stock).getByText('39')).toBeTruthy();

    const ledger = await screen.findByTestId('ledger-table');
    const purchase = (await within(ledger).findByText('R20261120000000000001')).closest('tr') as HTMLElement;
    expect(within(purchase).getByText('购买')).toBeTruthy();
    expect(within(purchase).getByText('+7')).toBeTruthy();
    const renewal = within(ledger).getByText('861234567890123').closest('tr') as HTMLElement;
    expect(within(renewal).getByText('自动续费')).toBeTruthy();
    expect(within(renewal).getByText('-1')).toBeTruthy();
    expect(within(renewal).getByText('35')).toBeTruthy();
    expect(within(renewal).getByText('系统')).toBeTruthy();
    expect(a.callsTo('/license/ledger/list')[0].body).toEqual({ pageNum: 1, pageSize: 10 });

    await userEvent.click(within(stock).getByTestId('license-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/license'));
  });

  test('no buy button without the purchase code, and neither the expiring list nor the history without DEVICE_LIST', async () => {
    signIn([]);
    const a = api();
    renderApp('/licenseManagement');
    await within(await screen.findByTestId('license-stock')).findByText('42');
    expect(screen.queryByTestId('license-buy')).toBeNull();
    expect(screen.queryByTestId('expiring-table')).toBeNull();
    expect(a.callsTo('/license/expiring/list')).toHaveLength(0);
    expect(screen.queryByTestId('ledger-table')).toBeNull();
    expect(a.callsTo('/license/ledger/list')).toHaveLength(0);
  });

  test('auto-renewal per device, for the selected devices, and for all after a confirmation', async () => {
    signIn(['DEVICE_LIST']);
    const a = api();
    renderApp('/licenseManagement');
    const table = await screen.findByTestId('expiring-table');
    await within(table).findByText('水泵 1 号');
    expect(within(table).getByText('剩 4 天')).toBeTruthy();

    await userEvent.click(within(table).getByRole('switch', { name: '设备 861234567890123 自动续费' }));
    await waitFor(() => expect(a.callsTo('/license/autoRenew/update')).toHaveLength(1));
    expect(a.callsTo('/license/autoRenew/update')[0].body).toEqual({ imeis: ['861234567890123'], autoRenew: true });

    expect((screen.getByTestId('expiring-selected-off') as HTMLButtonElement).disabled).toBe(true);
    // jsdom reads antd's `::after` pointer-events rule as the element's own: click the input directly
    const select = (imei: string) => fireEvent.click(within(table).getByRole('checkbox', { name: `选择设备 ${imei}` }));
    await select('861234567890123');
    await select('861234567890124');
    await userEvent.click(screen.getByTestId('expiring-selected-off'));
    await waitFor(() => expect(a.callsTo('/license/autoRenew/update')).toHaveLength(2));
    expect(a.callsTo('/license/autoRenew/update')[1].body).toEqual({ imeis: ['861234567890123', '861234567890124'], autoRenew: false });
    expect(await screen.findByText('已为 2 台设备关闭自动续费')).toBeTruthy();

    await userEvent.click(screen.getByTestId('expiring-all-on'));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('将作用于您可管理的全部设备，而不仅是本列表中的设备。')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(a.callsTo('/license/autoRenew/update')).toHaveLength(3));
    expect(a.callsTo('/license/autoRenew/update')[2].body).toEqual({ all: true, autoRenew: true });
  });

  test('the history filter and the two pages are in the URL under their own keys, and a link reads them back', async () => {
    signIn(['DEVICE_LIST']);
    const a = api();
    const { router } = renderApp('/licenseManagement?ledgerReason=renewal&ledgerFrom=2026-11-01&ledgerPage=2&expiringSize=20');
    await screen.findByTestId('ledger-table');
    const bodies = (path: string) => a.callsTo(path).map((c) => c.body);
    await waitFor(() => expect(bodies('/license/ledger/list')).toContainEqual({ reason: 'renewal', from: '2026-11-01', pageNum: 2, pageSize: 10 }));
    await waitFor(() => expect(bodies('/license/expiring/list')).toContainEqual({ pageNum: 1, pageSize: 20 }));
    expect(document.querySelector('.ledger-filters')?.textContent).toContain('手动续费');

    await userEvent.click(screen.getByTestId('ledger-filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe('?expiringSize=20'));
    await waitFor(() => expect(a.callsTo('/license/ledger/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10 }));
  });
});
