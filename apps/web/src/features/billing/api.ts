import type { ApiBody, ApiResult, BillingRateCode, TBill, TBillDetail, TBillLine } from '@rrp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, download } from '../../lib/api';

export type { BillingRateCode, TBill, TBillDetail, TBillLine };
export type BillListRequest = ApiBody<'POST /rrp/billingRecord/list'>;
export type BillDetailRequest = ApiBody<'POST /rrp/billingRecord/detail'>;
export type DeviceBillLine = ApiResult<'POST /rrp/billingRecord/device'>['list'][number];

export const billKeys = {
  all: ['bills'] as const,
  list: (req: BillListRequest) => ['bills', 'list', req] as const,
  detail: (req: BillDetailRequest) => ['bills', 'detail', req] as const,
  device: (imei: string) => ['bills', 'device', imei] as const,
};

/** The monthly bills of the paying company, newest first. */
export function useBillList(req: BillListRequest) {
  return useQuery({ queryKey: billKeys.list(req), queryFn: () => api('POST /rrp/billingRecord/list', req), placeholderData: keepPreviousData });
}

/** One bill with its rates, the orders behind its package fee and a page of its device lines. */
export function useBillDetail(req: BillDetailRequest | null) {
  return useQuery({
    queryKey: billKeys.detail(req ?? { id: '' }),
    queryFn: () => api('POST /rrp/billingRecord/detail', req ?? { id: '' }),
    enabled: !!req,
    // while another page or search of the same bill loads, its lines stay on screen
    placeholderData: (prev) => (prev && prev.bill.id === req?.id ? prev : undefined),
  });
}

/** A device's fees in the closed monthly bills (the device list's bill detail; DEVICE_LIST is enough). */
export function useDeviceBills(imei: string | null) {
  return useQuery({
    queryKey: billKeys.device(imei ?? ''),
    queryFn: () => api('POST /rrp/billingRecord/device', { imei: imei ?? '' }),
    enabled: !!imei,
    select: (d) => d.list,
  });
}

/** One bill as a spreadsheet (summary and device lines). */
export const downloadBill = (bill: Pick<TBill, 'id' | 'billMonth'>) =>
  download('GET /rrp/billingRecord/export', { query: { id: bill.id }, fallbackName: `bill-${bill.billMonth}.xlsx` });
