import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { INVOICE_ID, invoiceDetail, invoiceTitle, ORDERS, RECIPIENT_ID, recipient, TITLE_ID } from './testFixtures';

type OrderListBody = { type?: 'ordinary' | 'special'; pageNum: number; pageSize: number; payerName?: string };

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'RECEIPT_LIST']);
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/receipt/amount': () => ({ orders: 3, amount: 128.9, offlineAmount: 60, taxPercent: 6 }),
    '/receipt/order/list': (body) => {
      const { type } = body as OrderListBody;
      const list = ORDERS.filter((o) => !type || o.types.includes(type));
      return { total: list.length, list };
    },
    '/receipt/title': () => ({ list: [invoiceTitle()] }),
    '/receipt/recipient/list': () => ({ list: [recipient()] }),
    '/receipt/add': () => invoiceDetail(),
    '/receipt/list': () => ({ total: 1, list: [invoiceDetail()] }),
    '/receipt/detail': () => invoiceDetail(),
    ...extra,
  });
}

const check = (orderNo: string) => userEvent.click(screen.getByLabelText(`选择订单 ${orderNo}`));
const summary = () => {
  const box = screen.getByTestId('invoice-summary');
  return {
    count: within(box).getByTestId('invoice-summary-count').textContent,
    net: within(box).getByTestId('invoice-summary-net').textContent,
    tax: within(box).getByTestId('invoice-summary-tax').textContent,
    total: within(box).getByTestId('invoice-summary-total').textContent,
  };
};

describe('applying for an invoice', () => {
  test('the summary shows net, tax (6 %) and total of the selection: 49 + 60 yuan → 102.83 + 6.17 = 109.00', async () => {
    api();
    renderApp('/bill');
    await screen.findByText(ORDERS[0].orderNo);
    expect(summary()).toEqual({ count: '0 笔（最多 100 笔）', net: '¥0.00', tax: '¥0.00', total: '¥0.00' });
    expect((screen.getByTestId('invoice-next') as HTMLButtonElement).disabled).toBe(true);

    await check(ORDERS[0].orderNo);
    // 49.00 alone: net 46.23, tax 2.77
    expect(summary()).toEqual({ count: '1 笔（最多 100 笔）', net: '¥46.23', tax: '¥2.77', total: '¥49.00' });
    await check(ORDERS[1].orderNo);
    expect(summary()).toEqual({ count: '2 笔（最多 100 笔）', net: '¥102.83', tax: '¥6.17', total: '¥109.00' });
    // deselecting takes the order out again
    await check(ORDERS[0].orderNo);
    expect(summary().total).toBe('¥60.00');
    // the invoiceable amount of the company is shown above the orders
    expect(screen.getByTestId('invoice-invoiceable-amount').textContent).toBe('¥128.90');
  });

  test('select orders, confirm the default header and recipient, submit: the body, then the ticket number and the expected time', async () => {
    const a = api();
    const { router } = renderApp('/bill');
    await screen.findByText(ORDERS[0].orderNo);
    expect(a.callsTo('/receipt/order/list')[0].body).toEqual({ type: 'ordinary', pageNum: 1, pageSize: 20 });
    // each checkbox is named after its order, and carries a test id (the end-to-end run picks orders by it)
    const box = screen.getByTestId(`invoiceable-check-${ORDERS[0].orderNo}`);
    expect(box.tagName).toBe('INPUT');
    await userEvent.click(box);
    await check(ORDERS[1].orderNo);
    expect(screen.getByTestId('invoice-selected-count').textContent).toBe('已选 2 / 100 笔');
    await userEvent.click(screen.getByTestId('invoice-next'));

    const step = await screen.findByTestId('invoice-step-parties');
    // the defaults are preselected, and the header's fields shown
    expect(within(step).getByTestId('invoice-title-facts').textContent).toContain('91310000MA1FL0000X');
    expect(within(step).getByTestId('invoice-recipient-facts').textContent).toContain('finance@example.com');
    expect(within(step).getByText('发票抬头须与订单的付款方名称完全一致，否则无法开票。')).toBeTruthy();
    expect(within(step).queryByTestId('invoice-payer-mismatch')).toBeNull();
    expect(within(step).getByTestId('invoice-summary-total').textContent).toBe('¥109.00');

    await userEvent.click(within(step).getByTestId('invoice-submit'));
    await waitFor(() => expect(a.callsTo('/receipt/add')).toHaveLength(1));
    expect(a.callsTo('/receipt/add')[0].body).toEqual({
      type: 'ordinary',
      orderNos: [ORDERS[0].orderNo, ORDERS[1].orderNo],
      titleId: TITLE_ID,
      recipientId: RECIPIENT_ID,
    });

    const result = await screen.findByTestId('invoice-result');
    expect(within(result).getByText('开票申请已提交')).toBeTruthy();
    expect(within(result).getByTestId('invoice-result-ticket').textContent).toContain('FP20261120000001');
    expect(within(result).getByTestId('invoice-result-amounts').textContent).toBe('价税合计 ¥109.00（金额 ¥102.83，税额 ¥6.17，税率 6%）');
    expect(within(result).getByTestId('invoice-result-expected').textContent).toBe('预计 2 个工作日内开具，电子发票将发送至接收邮箱');

    // the work order opens in the records tab
    await userEvent.click(within(result).getByTestId('invoice-result-view'));
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=records&id=${INVOICE_ID}`));
    expect(await screen.findByTestId('invoice-detail')).toBeTruthy();
    // shown at once from the answer, and read again (it may have been issued in the meantime)
    await waitFor(() => expect(a.callsTo('/receipt/detail')).toHaveLength(1));
  });

  test('a special invoice lists only the orders it allows; WeChat orders leave the selection', async () => {
    const a = api();
    renderApp('/bill');
    await screen.findByText(ORDERS[0].orderNo);
    await check(ORDERS[0].orderNo);
    await check(ORDERS[1].orderNo);
    expect(screen.getByText(/仅适用于线下汇款成功的订单，微信支付订单只能开普通发票/)).toBeTruthy();
    await userEvent.click(screen.getByText('增值税纸质专用发票'));
    await waitFor(() => expect(a.callsTo('/receipt/order/list').some((c) => (c.body as OrderListBody).type === 'special')).toBe(true));
    await waitFor(() => expect(screen.queryByText(ORDERS[0].orderNo)).toBeNull());
    // the WeChat order of 49 yuan left the selection; the offline one stays
    expect(summary().total).toBe('¥60.00');
    expect(summary().count).toBe('1 笔（最多 100 笔）');
  });

  test('a payer name that differs from the header is warned about; the server’s refusal shows its message', async () => {
    const a = api({
      '/receipt/title': () => ({ list: [invoiceTitle()] }),
      '/receipt/add': () => jsonResponse({ success: false, code: 31004, msg: '订单付款方名称与发票抬头“示例科技”不一致', obj: null }, 400),
    });
    renderApp('/bill');
    await screen.findByText(ORDERS[0].orderNo);
    await check(ORDERS[0].orderNo);
    await check(ORDERS[2].orderNo);
    await userEvent.click(screen.getByTestId('invoice-next'));

    const warning = await screen.findByTestId('invoice-payer-mismatch');
    expect(warning.textContent).toContain('1 笔订单的付款方名称与所选抬头不一致');
    expect(warning.textContent).toContain(`${ORDERS[2].orderNo}：华东子公司`);
    expect(warning.textContent).not.toContain(ORDERS[0].orderNo);

    await userEvent.click(screen.getByTestId('invoice-submit'));
    const error = await screen.findByTestId('invoice-apply-error');
    expect(error.textContent).toContain('订单付款方名称与发票抬头“示例科技”不一致');
    expect(a.callsTo('/receipt/add')).toHaveLength(1);
    // still on the second step, the selection kept
    expect(screen.getByTestId('invoice-step-parties')).toBeTruthy();
    expect(screen.queryByTestId('invoice-result')).toBeNull();
  });

  test('no payer mismatch once the header that matches is chosen; a paper invoice without postal address is warned about', async () => {
    const other = invoiceTitle({ id: '2f1c3a4b-0000-4000-8000-000000000002', title: '华东子公司', isDefault: false });
    api({ '/receipt/title': () => ({ list: [invoiceTitle(), other] }) });
    renderApp('/bill');
    await screen.findByText(ORDERS[1].orderNo);
    await userEvent.click(screen.getByText('增值税纸质专用发票'));
    await waitFor(() => expect(screen.queryByText(ORDERS[0].orderNo)).toBeNull());
    await check(ORDERS[1].orderNo);
    await userEvent.click(screen.getByTestId('invoice-next'));

    await screen.findByTestId('invoice-step-parties');
    expect(screen.queryByTestId('invoice-payer-mismatch')).toBeNull();
    // the default recipient has no postal address
    expect(screen.getByTestId('invoice-needs-address').textContent).toContain('纸质专用发票需要邮寄地址');

    // choosing the other header makes the offline order (paid by 示例科技) mismatch
    await userEvent.click(within(screen.getByTestId('invoice-apply-title')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent?.includes('华东子公司'));
      expect(found).toBeTruthy();
      return found as Element;
    });
    await userEvent.click(option);
    expect((await screen.findByTestId('invoice-payer-mismatch')).textContent).toContain(`${ORDERS[1].orderNo}：示例科技`);
  });
});
