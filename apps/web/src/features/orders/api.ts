import type { ApiBody, ApiResult, ProductType, TMerchandise, TOrder, TOrderDetail } from '@rrp/contracts';
import { ORDER_TIMING } from '@rrp/contracts/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { ProductType, TMerchandise, TOrder, TOrderDetail };
export type OrderListRequest = ApiBody<'POST /rrp/merchandiseOrder/query/list'>;
export type OrderCreate = ApiBody<'POST /rrp/merchandiseOrder/create'>;
export type Prepay = ApiResult<'POST /rrp/merchandiseOrder/wechat/prepay'>;
export type PaymentState = ApiResult<'POST /rrp/merchandiseOrder/payment/state'>;
/** What a payment dialog needs of an order to open. */
export type PayableOrder = Pick<TOrder, 'orderNo' | 'payMethod' | 'totalAmount'>;

export const orderKeys = {
  all: ['orders'] as const,
  merchandise: ['orders', 'merchandise'] as const,
  list: (req: OrderListRequest) => ['orders', 'list', req] as const,
  detail: (orderNo: string) => ['orders', 'detail', orderNo] as const,
  prepay: (orderNo: string) => ['orders', 'prepay', orderNo] as const,
  paymentState: (orderNo: string) => ['orders', 'paymentState', orderNo] as const,
};

/** States after which an order's payment never changes again. */
export const isSettled = (status: TOrder['status']) => status !== 'pending_payment';
/** Paid (delivery may still run) or completed: the payment went through. */
export const isPaid = (status: TOrder['status']) => status === 'paid' || status === 'completed';

/** The catalogue with the prices now. */
export function useMerchandise() {
  return useQuery({ queryKey: orderKeys.merchandise, queryFn: () => api('POST /rrp/merchandise/list'), select: (d) => d.list });
}

export function useCreateOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderCreate) => api('POST /rrp/merchandiseOrder/create', body),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(order.orderNo), order);
      void qc.invalidateQueries({ queryKey: ['orders', 'list'] });
    },
  });
}

export function useOrderList(req: OrderListRequest) {
  return useQuery({
    queryKey: orderKeys.list(req),
    queryFn: () => api('POST /rrp/merchandiseOrder/query/list', req),
    placeholderData: keepPreviousData,
  });
}

/** One order; while `follow` it is read again every few seconds (a payment being delivered). */
export function useOrderDetail(orderNo: string | null, opts: { follow?: (o: TOrderDetail) => boolean } = {}) {
  const { follow } = opts;
  return useQuery({
    queryKey: orderKeys.detail(orderNo ?? ''),
    queryFn: () => api('POST /rrp/merchandiseOrder/detail', { orderNo: orderNo ?? '' }),
    enabled: !!orderNo,
    refetchInterval: follow ? (q) => (q.state.data && follow(q.state.data) ? ORDER_TIMING.pollMs : false) : undefined,
  });
}

/** The WeChat Pay code of a WeChat order: the server makes it once and answers the same until it expires. */
export function usePrepay(orderNo: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.prepay(orderNo),
    queryFn: () => api('POST /rrp/merchandiseOrder/wechat/prepay', { orderNo }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The payment state, asked every ORDER_TIMING.pollMs until the order is settled (paid, completed, expired, cancelled). */
export function usePaymentState(orderNo: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.paymentState(orderNo),
    // a failed poll is not worth a message every few seconds: the next one tries again
    queryFn: () => api('POST /rrp/merchandiseOrder/payment/state', { orderNo }, { silent: true }),
    enabled,
    retry: false,
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data.status) ? false : ORDER_TIMING.pollMs),
    refetchIntervalInBackground: true,
  });
}

/** Reads the orders again (list, details) after a change. */
function useRefreshOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orderKeys.all });
}

export function useConfirmRemittance() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /rrp/merchandiseOrder/remittance/confirm'>) => api('POST /rrp/merchandiseOrder/remittance/confirm', body),
    onSuccess: () => void refresh(),
  });
}

export function useUpdateOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /rrp/merchandiseOrder/update'>) => api('POST /rrp/merchandiseOrder/update', body),
    onSuccess: () => void refresh(),
  });
}

export function useCancelOrder() {
  const refresh = useRefreshOrders();
  return useMutation({
    mutationFn: (orderNo: string) => api('POST /rrp/merchandiseOrder/cancel', { orderNo }),
    onSuccess: () => void refresh(),
  });
}
