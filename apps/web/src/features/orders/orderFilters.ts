import type { OrderStatus, PayMethod, ProductType } from '@rrp/contracts';
import { ORDER_STATUSES, PAY_METHODS, PRODUCT_TYPES } from '@rrp/contracts/constants';
import { dayField, oneOfField, type Page, type UrlField, type UrlFields } from '../../lib/list';
import type { OrderListRequest } from './api';

/** The order list's filters, kept in the URL query with the page (links and back/forward keep them). */
export type OrderFilters = {
  status?: OrderStatus;
  productType?: ProductType;
  payMethod?: PayMethod;
  orderNo?: string;
  from?: string;
  to?: string;
};

export const ORDER_PAGE_SIZES = [10, 20, 50] as const;

/** An order number or the start of one (the API takes up to 24 characters). */
const ORDER_NO_PART_RE = /^[A-Za-z0-9]{1,24}$/;

const orderNoField: UrlField<string> = {
  parse: (raw) => (ORDER_NO_PART_RE.test(raw.trim()) ? raw.trim() : undefined),
  format: (v) => v,
};

/** A product type: a number in the URL (`type=0`). */
const productTypeField: UrlField<ProductType> = {
  parse: (raw) => PRODUCT_TYPES.find((p) => String(p) === raw),
  format: String,
  key: 'type',
};

/** The URL fields of the filters; a value the API would refuse is dropped. */
export const ORDER_FIELDS: UrlFields<OrderFilters> = {
  status: oneOfField(ORDER_STATUSES),
  productType: productTypeField,
  payMethod: oneOfField(PAY_METHODS, undefined, 'pay'),
  orderNo: orderNoField,
  from: dayField(),
  to: dayField(),
};

/** The /merchandiseOrder/query/list request of a set of filters and a page. */
export function listRequest(f: OrderFilters, page: Page): OrderListRequest {
  return {
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    ...(f.status ? { status: f.status } : {}),
    ...(f.productType !== undefined ? { productType: f.productType } : {}),
    ...(f.payMethod ? { payMethod: f.payMethod } : {}),
    ...(f.orderNo ? { orderNo: f.orderNo } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}
