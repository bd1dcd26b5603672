import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { seriousAxe } from '../../test/axe';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { INVOICE_ID, invoiceDetail, invoiceTitle, ORDERS, recipient } from './testFixtures';

/*
 * axe-core on the invoice page's tabs and drawers as jsdom renders them: labels, names of
 * buttons and inputs, ARIA use. Colour contrast needs a real browser (the end-to-end run checks it).
 */

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'RECEIPT_LIST']);
  mockApi({
    '/receipt/amount': () => ({ orders: 3, amount: 128.9, offlineAmount: 60, taxPercent: 6 }),
    '/receipt/order/list': () => ({ total: ORDERS.length, list: ORDERS }),
    '/receipt/title': () => ({ list: [invoiceTitle()] }),
    '/receipt/recipient/list': () => ({ list: [recipient()] }),
    '/receipt/list': () => ({ total: 1, list: [invoiceDetail()] }),
    '/receipt/detail': () => invoiceDetail(),
    '/billingRecord/list': () => ({ total: 0, list: [] }),
  });
});

describe('invoice page accessibility', () => {
  test('the apply steps have no serious violations', async () => {
    renderApp('/bill');
    await screen.findByText(ORDERS[0].orderNo);
    expect(await seriousAxe('.invoice-card')).toEqual([]);
    await userEvent.click(screen.getByLabelText(`选择订单 ${ORDERS[0].orderNo}`));
    await userEvent.click(screen.getByTestId('invoice-next'));
    await screen.findByTestId('invoice-title-facts');
    expect(await seriousAxe('.invoice-card')).toEqual([]);
  });

  test('the records and the work order drawer have no serious violations', async () => {
    const { router } = renderApp('/bill?tab=records');
    await screen.findByText('FP20261120000001');
    // axe over a whole antd table takes minutes in jsdom: its head and rows are checked here, the table as a whole in the browser run
    expect(await seriousAxe(['.invoice-filters', '.invoice-card thead', '.invoice-card tbody', '.invoice-card .ant-pagination'])).toEqual([]);
    await router.navigate(`/bill?tab=records&id=${INVOICE_ID}`);
    await screen.findByTestId('invoice-detail');
    expect(
      await seriousAxe([
        '.ant-drawer-header',
        '.invoice-drawer-actions',
        '[data-testid="invoice-facts"]',
        '[data-testid="invoice-amounts"]',
        '.drawer-section tbody',
        '.drawer-section .ant-descriptions',
        '[data-testid="invoice-timeline"]',
      ]),
    ).toEqual([]);
  }, 90_000);

  test('the headers and the bills have no serious violations', async () => {
    const { router } = renderApp('/bill?tab=parties');
    await screen.findByTestId('invoice-titles-add');
    expect(await seriousAxe('.invoice-card')).toEqual([]);
    await router.navigate('/bill?tab=bills');
    await screen.findByTestId('bill-table');
    expect(await seriousAxe('.invoice-card')).toEqual([]);
  }, 90_000);
});
