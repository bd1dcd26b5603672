import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { offlineOrder } from '../../test/orders';
import { type ApiHandler, mockApi, renderApp, resetState, signIn } from '../../test/utils';

const ORDER = offlineOrder();

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'ACCOUNT_ORDER']);
});

async function openTransfer(detail: ApiHandler) {
  const a = mockApi({
    '/merchandiseOrder/query/list': () => ({ total: 1, list: [ORDER] }),
    '/merchandiseOrder/detail': detail,
    '/merchandiseOrder/remittance/confirm': (body) => ({
      ...ORDER,
      remittanceState: 'submitted',
      bankTransactionNo: (body as { bankTransactionNo: string }).bankTransactionNo,
    }),
  });
  renderApp('/order');
  await userEvent.click(await screen.findByTestId(`order-confirm-${ORDER.orderNo}`));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('remittance-details');
  return { a, dialog };
}

describe('offline remittance dialog', () => {
  test('shows account, amount, remittance code and deadlines; the bank transaction number is required and at most 100 characters', async () => {
    const { a, dialog } = await openTransfer(() => ORDER);
    expect(within(dialog).getByText('RRP 科技有限公司')).toBeTruthy();
    expect(within(dialog).getByText('招商银行上海分行')).toBeTruthy();
    expect(within(dialog).getByTestId('remittance-amount').textContent).toContain('¥419.30');
    expect(within(dialog).getByTestId('remittance-code').textContent).toContain('RM7K2Q9X');
    expect(within(dialog).getByText(/请在 3 天内向以下账户转账.*对账需 1–3 个工作日.*订单 10 天内未支付将自动失效/)).toBeTruthy();
    expect(within(dialog).getByText('2026-11-23 08:00（UTC）')).toBeTruthy();
    expect(within(dialog).getByText('2026-11-30 08:00（UTC）')).toBeTruthy();
    // copy buttons for the account number and the code
    expect(within(dialog).getAllByRole('button', { name: /复制|copy/i }).length).toBeGreaterThanOrEqual(3);

    await userEvent.click(within(dialog).getByTestId('remittance-submit'));
    expect(await within(dialog).findByText('请输入银行流水号')).toBeTruthy();
    const input = within(dialog).getByTestId('remittance-transaction');
    fireEvent.change(input, { target: { value: 'x'.repeat(101) } });
    await userEvent.click(within(dialog).getByTestId('remittance-submit'));
    expect(await within(dialog).findByText('最多 100 个字符')).toBeTruthy();
    expect(a.callsTo('/merchandiseOrder/remittance/confirm')).toHaveLength(0);

    fireEvent.change(input, { target: { value: ' 20261121ICBC0001 ' } });
    await userEvent.click(within(dialog).getByTestId('remittance-submit'));
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/remittance/confirm')).toHaveLength(1));
    expect(a.callsTo('/merchandiseOrder/remittance/confirm')[0].body).toEqual({ orderNo: ORDER.orderNo, bankTransactionNo: '20261121ICBC0001' });
  });

  test('a rejected transfer shows the reason; the number can be corrected and sent again', async () => {
    let state: 'rejected' | 'submitted' = 'rejected';
    const { a, dialog } = await openTransfer(() =>
      state === 'rejected'
        ? { ...ORDER, remittanceState: 'rejected', bankTransactionNo: '2026112IBC0001', remittanceRejectReason: '未查到该流水号的入账' }
        : { ...ORDER, remittanceState: 'submitted', bankTransactionNo: '20261121ICBC0001' },
    );
    expect(within(dialog).getByTestId('remittance-rejected')).toBeTruthy();
    expect(within(dialog).getByTestId('remittance-reject-reason').textContent).toBe('未查到该流水号的入账');
    const input = within(dialog).getByTestId('remittance-transaction') as HTMLInputElement;
    expect(input.value).toBe('2026112IBC0001');
    await userEvent.clear(input);
    await userEvent.type(input, '20261121ICBC0001');
    state = 'submitted';
    await userEvent.click(within(dialog).getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/remittance/confirm')).toHaveLength(1));
    expect(a.callsTo('/merchandiseOrder/remittance/confirm')[0].body).toEqual({ orderNo: ORDER.orderNo, bankTransactionNo: '20261121ICBC0001' });
    // read again: waiting for reconciliation, no form any more
    expect(await within(dialog).findByTestId('remittance-submitted')).toBeTruthy();
    expect(within(dialog).queryByTestId('remittance-transaction')).toBeNull();
  });
});
