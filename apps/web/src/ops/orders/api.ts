import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The back office's orders in the query cache (lists, details). */
export const OPS_ORDERS_KEY = ['ops', 'orders'] as const;

export type OpsOrderListRequest = ApiBody<'POST /ops/order/list'>;

/** Orders of every company (or the reconciliation queue), a page at a time, with the queue's count. */
export function useOpsOrderList(body: OpsOrderListRequest) {
  return useQuery({ queryKey: [...OPS_ORDERS_KEY, 'list', body], queryFn: () => api('POST /ops/order/list', body), placeholderData: keepPreviousData });
}

export function useOpsOrderDetail(orderNo: string | null) {
  return useQuery({
    queryKey: [...OPS_ORDERS_KEY, 'detail', orderNo],
    queryFn: () => api('POST /ops/order/detail', { orderNo: orderNo ?? '' }),
    enabled: !!orderNo,
  });
}

/** Reads the order lists and details again (after a reconciliation). */
export function useRefreshOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: OPS_ORDERS_KEY });
}

export const confirmRemittance = (orderNo: string) => api('POST /ops/remittance/confirm', { orderNo });

export const rejectRemittance = (orderNo: string, reason: string) => api('POST /ops/remittance/reject', { orderNo, reason });
