import { memberEndpoint } from '../core/endpoint.js';
import { zBillDetail, zBillDetailRequest, zBillExportQuery, zBillList, zBillListRequest, zDeviceBillRequest, zDeviceBills } from './schemas.js';

/** Bills belong to the company that pays (itself, or its parent when billed by it). */
const bills = { permission: 'RECEIPT_LIST', scope: 'company' } as const;

export const billingEndpoints = {
  'POST /rrp/billingRecord/list': memberEndpoint({
    ...bills,
    summary: 'Monthly bills of the paying company, newest first',
    body: zBillListRequest,
    response: zBillList,
  }),
  'POST /rrp/billingRecord/detail': memberEndpoint({
    ...bills,
    summary: 'One bill with its rates, the orders behind the package fee and the device lines',
    body: zBillDetailRequest,
    response: zBillDetail,
  }),
  'GET /rrp/billingRecord/export': memberEndpoint({
    ...bills,
    summary: 'One bill as xlsx (summary and device lines)',
    query: zBillExportQuery,
    response: 'file',
  }),
  'POST /rrp/billingRecord/device': memberEndpoint({
    permission: 'DEVICE_LIST',
    scope: 'subtree',
    summary: 'A device’s fees in the closed monthly bills (the device list’s bill detail)',
    body: zDeviceBillRequest,
    response: zDeviceBills,
  }),
} as const;
