import type { OrderStatus, PayMethod, ProductType } from '@rrp/contracts';
import { ORDER_STATUSES, PAY_METHODS, PRODUCT_TYPES } from '@rrp/contracts/constants';
import type { OrderListRequest } from './api';

/** The order list's filters and page, kept in the URL query (links and back/forward keep them). */
export type OrderFilters = {
  status?: OrderStatus;
  productType?: ProductType;
  payMethod?: PayMethod;
  orderNo?: string;
  from?: string;
  to?: string;
  page: number;
  size: number;
};

export const ORDER_PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_SIZE = 10;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** An order number or the start of one (the API takes up to 24 characters). */
const ORDER_NO_PART_RE = /^[A-Za-z0-9]{1,24}$/;

const oneOf = <T>(list: readonly T[], raw: unknown): T | undefined => (list.includes(raw as T) ? (raw as T) : undefined);

/** Reads the filters from the URL, dropping values the API would refuse. */
export function filtersFromQuery(params: URLSearchParams): OrderFilters {
  const typeRaw = params.get('type');
  const orderNo = params.get('orderNo')?.trim() ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const sizeRaw = Number.parseInt(params.get('size') ?? '', 10);
  return {
    status: oneOf(ORDER_STATUSES, params.get('status')),
    productType: typeRaw === null ? undefined : oneOf(PRODUCT_TYPES, Number(typeRaw)),
    payMethod: oneOf(PAY_METHODS, params.get('pay')),
    orderNo: ORDER_NO_PART_RE.test(orderNo) ? orderNo : undefined,
    from: DAY_RE.test(from) ? from : undefined,
    to: DAY_RE.test(to) ? to : undefined,
    page: Math.min(10_000, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)),
    size: (ORDER_PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : DEFAULT_SIZE,
  };
}

/** The URL query of a set of filters; defaults are left out. */
export function filtersToQuery(f: Partial<OrderFilters>): URLSearchParams {
  const out = new URLSearchParams();
  if (f.status) out.set('status', f.status);
  if (f.productType !== undefined) out.set('type', String(f.productType));
  if (f.payMethod) out.set('pay', f.payMethod);
  if (f.orderNo) out.set('orderNo', f.orderNo);
  if (f.from) out.set('from', f.from);
  if (f.to) out.set('to', f.to);
  if (f.page && f.page > 1) out.set('page', String(f.page));
  if (f.size && f.size !== DEFAULT_SIZE) out.set('size', String(f.size));
  return out;
}

/** The /merchandiseOrder/query/list request of a set of filters. */
export function listRequest(f: OrderFilters): OrderListRequest {
  return {
    pageNum: f.page,
    pageSize: f.size,
    ...(f.status ? { status: f.status } : {}),
    ...(f.productType !== undefined ? { productType: f.productType } : {}),
    ...(f.payMethod ? { payMethod: f.payMethod } : {}),
    ...(f.orderNo ? { orderNo: f.orderNo } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

export const hasFilters = (f: OrderFilters) => !!(f.status || f.productType !== undefined || f.payMethod || f.orderNo || f.from || f.to);
