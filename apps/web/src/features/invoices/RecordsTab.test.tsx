import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { INVOICE_ID, invoiceDetail } from './testFixtures';

const IN_PROGRESS = invoiceDetail();
const ISSUED = invoiceDetail({
  id: '4a5b6c7d-0000-4000-8000-000000000002',
  ticketNo: 'FP20261118000002',
  type: 'special',
  status: 'issued',
  executor: '运营小李',
  issuedAt: '2026-11-19T03:00:00Z',
  invoiceNo: '24312000000012345678',
  invoiceDate: '2026-11-19',
  fileName: 'invoice-FP20261118000002.pdf',
  trackingNote: '顺丰 SF1234567890',
  recipient: { name: '王会计', phone: '13800138000', address: '北京市朝阳区建国路 1 号', email: 'finance@example.com' },
  timeline: [
    { at: '2026-11-18T08:00:00Z', kind: 'applied', by: 'Alice', note: null },
    { at: '2026-11-19T03:00:00Z', kind: 'issued', by: '运营小李', note: '顺丰 SF1234567890' },
  ],
});
const CANCELLED = invoiceDetail({
  id: '4a5b6c7d-0000-4000-8000-000000000003',
  ticketNo: 'FP20261117000003',
  status: 'cancelled',
  executor: 'Alice',
  cancelledAt: '2026-11-17T09:15:00Z',
  cancelReason: '抬头填错了',
  timeline: [
    { at: '2026-11-17T08:00:00Z', kind: 'applied', by: 'Alice', note: null },
    { at: '2026-11-17T09:15:00Z', kind: 'cancelled', by: 'Alice', note: '抬头填错了' },
  ],
});
const ROWS = [IN_PROGRESS, ISSUED, CANCELLED];

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'RECEIPT_LIST']);
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/receipt/list': () => ({ total: ROWS.length, list: ROWS }),
    '/receipt/detail': (body) => ROWS.find((r) => r.id === (body as { id: string }).id),
    '/receipt/cancel': () => ({ ...IN_PROGRESS, status: 'cancelled' }),
    '/receipt/amount': () => ({ orders: 0, amount: 0, offlineAmount: 0, taxPercent: 6 }),
    '/receipt/order/list': () => ({ total: 0, list: [] }),
    '/receipt/file': () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="fp.pdf"' } }),
    '/receipt/statement': () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    ...extra,
  });
}

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

describe('invoice records', () => {
  test('the rows show type, header, total, orders, state (a cancellation with its time and reason), people and times in UTC', async () => {
    api();
    renderApp('/bill?tab=records');
    const table = await screen.findByTestId('invoice-table');
    const row = (no: string) => within(table).getByTestId(`invoice-row-${no}`).closest('tr') as HTMLElement;
    await within(table).findByTestId(`invoice-row-${IN_PROGRESS.ticketNo}`);
    const first = row(IN_PROGRESS.ticketNo);
    expect(within(first).getByText('电子普票')).toBeTruthy();
    expect(within(first).getByText('¥109.00')).toBeTruthy();
    expect(within(first).getByText('2 笔')).toBeTruthy();
    expect(within(first).getByText('开票中')).toBeTruthy();
    expect(within(first).getByText('2026-11-20 08:00')).toBeTruthy();
    const issued = row(ISSUED.ticketNo);
    expect(within(issued).getByText('纸质专票')).toBeTruthy();
    expect(within(issued).getByText('运营小李')).toBeTruthy();
    expect(within(issued).getByText('2026-11-19 03:00')).toBeTruthy();
    const cancelled = within(table).getByTestId(`invoice-cancel-note-${CANCELLED.ticketNo}`);
    expect(cancelled.textContent).toBe('取消于 2026-11-17 09:15原因：抬头填错了');
  });

  test('the filters become the list request, and a new search starts from page 1', async () => {
    const a = api({ '/receipt/list': () => ({ total: 25, list: ROWS }) });
    renderApp('/bill?tab=records');
    await screen.findByTestId(`invoice-row-${IN_PROGRESS.ticketNo}`);
    expect(a.callsTo('/receipt/list')[0].body).toEqual({ pageNum: 1, pageSize: 10 });
    await userEvent.click(document.querySelector('[data-testid="invoice-records"] .ant-pagination-item-2') as HTMLElement);
    await waitFor(() => expect(a.callsTo('/receipt/list').at(-1)?.body).toEqual({ pageNum: 2, pageSize: 10 }));

    await pick('invoice-filter-status', '已取消');
    await pick('invoice-filter-type', '纸质专票');
    const start = screen.getByPlaceholderText('开始日期');
    const end = screen.getByPlaceholderText('结束日期');
    await userEvent.click(start);
    await userEvent.type(start, '2026-11-01{enter}');
    await userEvent.type(end, '2026-11-30{enter}');
    await userEvent.click(screen.getByTestId('invoice-filter-search'));
    await waitFor(() =>
      expect(a.callsTo('/receipt/list').at(-1)?.body).toEqual({
        pageNum: 1,
        pageSize: 10,
        status: 'cancelled',
        type: 'special',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );

    // reset clears every filter: a search for a state alone sends only it
    await userEvent.click(screen.getByTestId('invoice-filter-reset'));
    await pick('invoice-filter-status', '已开票');
    await userEvent.click(screen.getByTestId('invoice-filter-search'));
    await waitFor(() => expect(a.callsTo('/receipt/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, status: 'issued' }));
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('');
  });

  test('the filters and page are read from the URL under the records keys, a search writes them, a work order opens over them', async () => {
    const a = api({ '/receipt/list': () => ({ total: 25, list: ROWS }) });
    const { router } = renderApp('/bill?tab=records&recordsStatus=issued&recordsFrom=2026-11-01&recordsPage=2');
    await screen.findByTestId(`invoice-row-${ISSUED.ticketNo}`);
    await waitFor(() =>
      expect(a.callsTo('/receipt/list').map((c) => c.body)).toContainEqual({ pageNum: 2, pageSize: 10, status: 'issued', from: '2026-11-01' }),
    );
    expect(screen.getByTestId('invoice-filter-status').textContent).toContain('已开票');
    expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe('2026-11-01');

    await pick('invoice-filter-type', '纸质专票');
    await userEvent.click(screen.getByTestId('invoice-filter-search'));
    const query = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await waitFor(() => expect(query()).toEqual({ tab: 'records', recordsStatus: 'issued', recordsType: 'special', recordsFrom: '2026-11-01' }));
    await waitFor(() =>
      expect(a.callsTo('/receipt/list').at(-1)?.body).toEqual({ pageNum: 1, pageSize: 10, status: 'issued', type: 'special', from: '2026-11-01' }),
    );

    const row = screen.getByTestId(`invoice-row-${ISSUED.ticketNo}`).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByText('纸质专票'));
    await screen.findByTestId('invoice-detail');
    expect(query()).toEqual({ tab: 'records', recordsStatus: 'issued', recordsType: 'special', recordsFrom: '2026-11-01', id: ISSUED.id });
  });

  test('an issued work order: facts, orders, amounts, header, recipient, timeline, invoice number and tracking; both files download', async () => {
    const a = api();
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp('/bill?tab=records');
    // a click anywhere in the row opens its work order
    const row = (await screen.findByTestId(`invoice-row-${ISSUED.ticketNo}`)).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByText('纸质专票'));
    const detail = await screen.findByTestId('invoice-detail');
    const facts = within(detail).getByTestId('invoice-facts');
    expect(within(facts).getByText('24312000000012345678')).toBeTruthy();
    expect(within(facts).getByText('2026-11-19')).toBeTruthy();
    expect(within(facts).getAllByText('顺丰 SF1234567890').length).toBe(1);
    expect(within(detail).getByTestId('invoice-amounts').textContent).toBe('金额（不含税）¥102.83税额（6%）¥6.17价税合计¥109.00');
    expect(within(detail).getByTestId('invoice-order-lines').textContent).toContain('R20261102000000000002');
    // the paper invoice's postal address
    expect(within(detail).getByText('北京市朝阳区建国路 1 号')).toBeTruthy();
    const timeline = within(detail).getByTestId('invoice-timeline');
    expect(within(timeline).getByText('提交申请')).toBeTruthy();
    expect(within(timeline).getByText('已开票')).toBeTruthy();
    expect(within(timeline).getByText('2026-11-19 03:00（UTC）')).toBeTruthy();
    // an issued work order cannot be cancelled
    expect(within(detail).queryByTestId('invoice-cancel')).toBeNull();

    await userEvent.click(within(detail).getByTestId('invoice-download-file'));
    await waitFor(() => expect(a.callsTo(`/receipt/file?id=${ISSUED.id}`)).toHaveLength(1));
    await userEvent.click(within(detail).getByTestId('invoice-download-statement'));
    await waitFor(() => expect(a.callsTo(`/receipt/statement?id=${ISSUED.id}`)).toHaveLength(1));
    expect(save).toHaveBeenCalledTimes(2);
  });

  test('a work order in progress offers no invoice file, only the statement, and cancelling needs a reason', async () => {
    const a = api();
    // the apply tab has read what can be invoiced; the work order is opened by its link
    const { router } = renderApp('/bill');
    await waitFor(() => expect(a.callsTo('/receipt/amount')).toHaveLength(1));
    await router.navigate(`/bill?tab=records&id=${INVOICE_ID}`);
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).queryByTestId('invoice-download-file')).toBeNull();
    expect(within(detail).getByTestId('invoice-download-statement')).toBeTruthy();
    expect(within(detail).getByText('预计 2 个工作日内开具，电子发票将发送至接收邮箱')).toBeTruthy();

    await userEvent.click(within(detail).getByTestId('invoice-cancel'));
    const dialog = (await screen.findByTestId('invoice-cancel-reason')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('取消开票申请')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('invoice-cancel-submit'));
    expect(await within(dialog).findByText('请输入取消原因')).toBeTruthy();
    const reason = within(dialog).getByTestId('invoice-cancel-reason');
    fireEvent.change(reason, { target: { value: 'x'.repeat(201) } });
    await userEvent.click(within(dialog).getByTestId('invoice-cancel-submit'));
    expect(await within(dialog).findByText('最多 200 个字符')).toBeTruthy();
    expect(a.callsTo('/receipt/cancel')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: '  抬头填错了 ' } });
    await userEvent.click(within(dialog).getByTestId('invoice-cancel-submit'));
    await waitFor(() => expect(a.callsTo('/receipt/cancel')).toHaveLength(1));
    expect(a.callsTo('/receipt/cancel')[0].body).toEqual({ id: INVOICE_ID, reason: '抬头填错了' });
    // the work order is read again, and so is what can be invoiced (its orders are free again)
    await waitFor(() => expect(a.callsTo('/receipt/detail').length).toBeGreaterThan(1));
    await waitFor(() => expect(a.callsTo('/receipt/amount')).toHaveLength(2));
    expect(a.callsTo('/receipt/order/list').length).toBeGreaterThan(1);
  });
});
