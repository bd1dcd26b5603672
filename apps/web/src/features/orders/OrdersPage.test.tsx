import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { offlineOrder, orderDetail } from '../../test/orders';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';

const PENDING = orderDetail();
const OFFLINE = offlineOrder({ remittanceState: 'submitted', bankTransactionNo: '20261121ICBC0001' });
const DONE = orderDetail({
  orderNo: 'R20261119000000000003',
  productType: 1,
  productName: '流量充值',
  quantity: 10,
  unitPrice: 10,
  totalAmount: 100,
  status: 'completed',
  paidAt: '2026-11-19T09:00:00Z',
  completedAt: '2026-11-19T09:00:01Z',
  delivered: { dataMb: 10240 },
});
const SUB = orderDetail({ orderNo: 'R20261119000000000004', companyId: 'c2', companyName: '华东子公司', payerName: '华东子公司' });
const ROWS = [PENDING, OFFLINE, DONE, SUB];

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'ACCOUNT_ORDER']);
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/merchandiseOrder/query/list': () => ({ total: ROWS.length, list: ROWS }),
    '/merchandiseOrder/detail': (body) => ROWS.find((o) => o.orderNo === (body as { orderNo: string }).orderNo),
    '/merchandiseOrder/cancel': () => ({ ...PENDING, status: 'cancelled' }),
    '/merchandiseOrder/update': () => PENDING,
    ...extra,
  });
}

describe('my orders', () => {
  test('filters in the URL become the request; the rows show money, times in UTC and states', async () => {
    const a = api();
    renderApp('/order?status=pending_payment&type=0&pay=wechat&orderNo=R2026&from=2026-11-01&to=2026-11-30&page=2');
    const table = await screen.findByTestId('order-table');
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/query/list').length).toBeGreaterThan(0));
    expect(a.callsTo('/merchandiseOrder/query/list')[0].body).toEqual({
      pageNum: 2,
      pageSize: 10,
      status: 'pending_payment',
      productType: 0,
      payMethod: 'wechat',
      orderNo: 'R2026',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect((screen.getByTestId('order-filter-no') as HTMLInputElement).value).toBe('R2026');
    expect(screen.getByText('时间均为 UTC')).toBeTruthy();
    expect(within(table).getAllByText('下单时间（UTC）').length).toBeGreaterThan(0);

    const row = (no: string) => within(table).getByTestId(`order-row-${no}`).closest('tr') as HTMLElement;
    const pending = row(PENDING.orderNo);
    expect(within(pending).getByText('¥59.90')).toBeTruthy();
    expect(within(pending).getByText('¥419.30')).toBeTruthy();
    expect(within(pending).getByText('2026-11-20 08:00')).toBeTruthy();
    expect(within(pending).getByText('待支付')).toBeTruthy();
    const offline = row(OFFLINE.orderNo);
    expect(within(offline).getByText('待对账')).toBeTruthy();
    expect(within(offline).getByText('20261121ICBC0001')).toBeTruthy();
    expect(within(offline).getByText('RM7K2Q9X')).toBeTruthy();
    const done = row(DONE.orderNo);
    expect(within(done).getByText('已完成')).toBeTruthy();
    expect(within(done).getByText('10 GB')).toBeTruthy();
  });

  test('cancel is offered only while an order of the company itself waits for payment (and its transfer is not being reconciled)', async () => {
    api();
    renderApp('/order');
    await screen.findByTestId(`order-row-${PENDING.orderNo}`);
    expect(screen.getByTestId(`order-cancel-${PENDING.orderNo}`)).toBeTruthy();
    expect(screen.getByTestId(`order-pay-${PENDING.orderNo}`)).toBeTruthy();
    expect(screen.queryByTestId(`order-cancel-${DONE.orderNo}`)).toBeNull();
    expect(screen.queryByTestId(`order-pay-${DONE.orderNo}`)).toBeNull();
    expect(screen.queryByTestId(`order-cancel-${SUB.orderNo}`)).toBeNull();
    expect(screen.queryByTestId(`order-cancel-${OFFLINE.orderNo}`)).toBeNull();
    expect(screen.queryByTestId(`order-confirm-${OFFLINE.orderNo}`)).toBeNull();
  });

  test('cancelling asks first, then sends the order number', async () => {
    const a = api();
    renderApp('/order');
    await userEvent.click(await screen.findByTestId(`order-cancel-${PENDING.orderNo}`));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText(`确定取消订单 ${PENDING.orderNo} 吗？`)).toBeTruthy();
    expect(a.callsTo('/merchandiseOrder/cancel')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/cancel')).toHaveLength(1));
    expect(a.callsTo('/merchandiseOrder/cancel')[0].body).toEqual({ orderNo: PENDING.orderNo });
  });

  test('editing sends only what changed', async () => {
    const a = api();
    renderApp('/order');
    await userEvent.click(await screen.findByTestId(`order-edit-${PENDING.orderNo}`));
    const payer = await screen.findByTestId('order-edit-payer');
    await userEvent.clear(payer);
    await userEvent.type(payer, '示例科技（北京）');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/update')).toHaveLength(1));
    expect(a.callsTo('/merchandiseOrder/update')[0].body).toEqual({ orderNo: PENDING.orderNo, payerName: '示例科技（北京）' });
  });

  test('the order number opens the detail drawer', async () => {
    api();
    renderApp('/order');
    await userEvent.click(await screen.findByTestId(`order-row-${DONE.orderNo}`));
    const facts = await screen.findByTestId('order-facts');
    expect(within(facts).getByText('10 GB 流量已充入流量池')).toBeTruthy();
    expect(within(facts).getByText('2026-11-19 09:00:00（UTC）')).toBeTruthy();
  });

  test('searching writes the URL; an empty result and a failure say so', async () => {
    const a = api({ '/merchandiseOrder/query/list': () => ({ total: 0, list: [] }) });
    const { router } = renderApp('/order');
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    await userEvent.type(screen.getByTestId('order-filter-no'), 'R20261120');
    await userEvent.click(screen.getByTestId('order-filter-search'));
    await waitFor(() => expect(router.state.location.search).toBe('?orderNo=R20261120'));
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/query/list').some((c) => (c.body as { orderNo?: string }).orderNo === 'R20261120')).toBe(true));
    expect(await screen.findByText('没有符合条件的订单')).toBeTruthy();
    await userEvent.click(screen.getByTestId('order-filter-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByTestId('order-filter-no') as HTMLInputElement).value).toBe('');
    // back: the filter is read back from the URL into the form and the request
    await act(() => router.navigate(-1));
    await waitFor(() => expect((screen.getByTestId('order-filter-no') as HTMLInputElement).value).toBe('R20261120'));
    expect(router.state.location.search).toBe('?orderNo=R20261120');

    resetState();
    signIn(['ACCOUNT', 'ACCOUNT_ORDER']);
    mockApi({ '/merchandiseOrder/query/list': () => jsonResponse({ success: false, code: 10001, msg: '内部错误', obj: null }, 500) });
    renderApp('/order');
    expect(await screen.findByText('订单加载失败')).toBeTruthy();
  });
});
