import type { TBill, TBillDetail } from '@rrp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const OCT: TBill = {
  id: '5b6c7d8e-0000-4000-8000-000000000010',
  billMonth: '2026-10',
  packageFee: 419.3,
  overageFee: 20.48,
  roamingFee: 5.12,
  numberFee: 2,
  total: 446.9,
  issueDate: '2026-11-01T00:10:00Z',
  devices: 2,
  usageMb: 3072,
  overageMb: 1024,
  roamingMb: 102.4,
};
const SEP: TBill = {
  ...OCT,
  id: '5b6c7d8e-0000-4000-8000-000000000009',
  billMonth: '2026-09',
  packageFee: 0,
  overageFee: 0,
  roamingFee: 0,
  numberFee: 2,
  total: 2,
};

function detailOf(imei?: string): TBillDetail {
  const lines = [
    { imei: '861234567890123', deviceName: '水泵 1 号', usageMb: 2048, roamingMb: 102.4, roamingFee: 5.12, numberFee: 1 },
    { imei: '861234567890124', deviceName: null, usageMb: 1024, roamingMb: 0, roamingFee: 0, numberFee: 1 },
  ].filter((l) => !imei || l.imei.includes(imei));
  return {
    bill: OCT,
    rates: [
      { code: 'overage_per_mb', price: 0.02 },
      { code: 'roaming_per_mb', price: 0.05 },
      { code: 'number_per_device', price: 1 },
    ],
    orders: [{ orderNo: 'R20261015000000000001', productName: '设备 License', amount: 419.3, completedAt: '2026-10-15T02:00:00Z' }],
    lines: { total: lines.length, list: lines },
  };
}

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'RECEIPT_LIST']);
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/billingRecord/list': () => ({ total: 2, list: [OCT, SEP] }),
    '/billingRecord/detail': (body) => detailOf((body as { imei?: string }).imei),
    '/billingRecord/export': () =>
      new Response('xlsx', {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="bill-2026-10.xlsx"',
        },
      }),
    ...extra,
  });
}

describe('monthly bills', () => {
  test('the list shows each month’s fees and issue date, with the closing rule', async () => {
    const a = api();
    renderApp('/bill?tab=bills');
    const table = await screen.findByTestId('bill-table');
    const row = (await within(table).findByTestId('bill-row-2026-10')).closest('tr') as HTMLElement;
    expect(a.callsTo('/billingRecord/list')[0].body).toEqual({ pageNum: 1, pageSize: 12 });
    for (const text of ['¥419.30', '¥20.48', '¥5.12', '¥2.00', '¥446.90', '2026-11-01']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByText('每个 UTC 自然月结束后出账，用量按 T+1 统计；时间均为 UTC。')).toBeTruthy();
  });

  test('a bill opens its detail: summary, rates with units, orders, device lines searched by IMEI; it exports as xlsx', async () => {
    const a = api();
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp('/bill?tab=bills');
    await userEvent.click(await screen.findByTestId('bill-row-2026-10'));
    const detail = await screen.findByTestId('bill-detail');
    expect(a.callsTo('/billingRecord/detail')[0].body).toEqual({ id: OCT.id, pageNum: 1, pageSize: 20 });
    expect(within(detail).getByTestId('bill-total').textContent).toBe('¥446.90');
    const summary = within(detail).getByTestId('bill-summary');
    expect(within(summary).getByText('3 GB')).toBeTruthy();
    expect(within(summary).getByText('1 GB')).toBeTruthy();
    const rates = within(detail).getByTestId('bill-rates');
    expect(within(rates).getByText('¥0.02 / MB')).toBeTruthy();
    expect(within(rates).getByText('¥0.05 / MB')).toBeTruthy();
    expect(within(rates).getByText('¥1.00 / 台 / 月')).toBeTruthy();
    expect(within(detail).getByTestId('bill-orders').textContent).toContain('R20261015000000000001');
    const lines = within(detail).getByTestId('bill-lines');
    expect(within(lines).getByText('水泵 1 号')).toBeTruthy();
    expect(within(lines).getByText('861234567890124')).toBeTruthy();

    const search = within(detail).getByPlaceholderText('输入 IMEI 或其中一部分');
    fireEvent.change(search, { target: { value: '0123' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(a.callsTo('/billingRecord/detail').at(-1)?.body).toEqual({ id: OCT.id, imei: '0123', pageNum: 1, pageSize: 20 }));
    await waitFor(() => expect(within(lines).queryByText('861234567890124')).toBeNull());
    expect(within(lines).getByText('861234567890123')).toBeTruthy();

    await userEvent.click(screen.getAllByTestId('bill-export-2026-10').at(-1) as HTMLElement);
    await waitFor(() => expect(a.callsTo(`/billingRecord/export?id=${OCT.id}`)).toHaveLength(1));
    expect(save).toHaveBeenCalledTimes(1);
  });

  test('no bill yet says when the first one comes', async () => {
    api({ '/billingRecord/list': () => ({ total: 0, list: [] }) });
    renderApp('/bill?tab=bills');
    expect(await screen.findByText('暂无账单：首个账单在您使用满第一个完整的 UTC 自然月后出具')).toBeTruthy();
  });

  test('the page is in the URL under the bills keys, and the records tab keeps its own', async () => {
    const a = api({ '/billingRecord/list': () => ({ total: 40, list: [OCT] }) });
    const { router } = renderApp('/bill?tab=bills&billsPage=2&recordsPage=3');
    await screen.findByTestId('bill-row-2026-10');
    await waitFor(() => expect(a.callsTo('/billingRecord/list').map((c) => c.body)).toContainEqual({ pageNum: 2, pageSize: 12 }));
    await userEvent.click(document.querySelector('[data-testid="bills"] .ant-pagination-item-3') as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=bills&billsPage=3&recordsPage=3'));
    await waitFor(() => expect(a.callsTo('/billingRecord/list').at(-1)?.body).toEqual({ pageNum: 3, pageSize: 12 }));
  });
});
