import { memberEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { INVOICE_LIMITS } from './constants.js';
import {
  zInvoice,
  zInvoiceApply,
  zInvoiceableAmount,
  zInvoiceableOrderList,
  zInvoiceableOrderRequest,
  zInvoiceCancel,
  zInvoiceDetail,
  zInvoiceFileQuery,
  zInvoiceIdRequest,
  zInvoiceIssueFields,
  zInvoiceList,
  zInvoiceListRequest,
  zInvoiceTitle,
  zInvoiceTitleList,
  zInvoiceTitleSave,
  zOpsInvoiceList,
  zOpsInvoiceListRequest,
  zRecipient,
  zRecipientIdRequest,
  zRecipientList,
  zRecipientSave,
  zTitleIdRequest,
} from './schemas.js';

/** Invoices belong to the company that paid the orders (docs/invoices.md). */
const receipts = { permission: 'RECEIPT_LIST', scope: 'company' } as const;

export const invoiceEndpoints = {
  'POST /rrp/receipt/amount': memberEndpoint({
    ...receipts,
    summary: 'The invoiceable amount: completed orders not yet invoiced',
    response: zInvoiceableAmount,
  }),
  'POST /rrp/receipt/order/list': memberEndpoint({
    ...receipts,
    summary: 'Completed orders not yet invoiced, newest first; with a type, only the orders that type allows',
    body: zInvoiceableOrderRequest,
    response: zInvoiceableOrderList,
  }),
  'POST /rrp/receipt/title': memberEndpoint({ ...receipts, summary: 'The saved invoice headers, the default first', response: zInvoiceTitleList }),
  'POST /rrp/receipt/addOrUpdate': memberEndpoint({
    ...receipts,
    summary: 'Save an invoice header (new without id); the one marked default replaces the previous default',
    body: zInvoiceTitleSave,
    response: zInvoiceTitle,
    audit: 'invoice.title.save',
  }),
  'POST /rrp/receipt/title/delete': memberEndpoint({
    ...receipts,
    summary: 'Delete a saved invoice header (applications keep their copy)',
    body: zTitleIdRequest,
    response: zNull,
    audit: 'invoice.title.delete',
  }),
  'POST /rrp/receipt/recipient/list': memberEndpoint({ ...receipts, summary: 'The saved recipients, the default first', response: zRecipientList }),
  'POST /rrp/receipt/recipient/addOrUpdate': memberEndpoint({
    ...receipts,
    summary: 'Save a recipient (new without id)',
    body: zRecipientSave,
    response: zRecipient,
    audit: 'invoice.recipient.save',
  }),
  'POST /rrp/receipt/recipient/delete': memberEndpoint({
    ...receipts,
    summary: 'Delete a saved recipient',
    body: zRecipientIdRequest,
    response: zNull,
    audit: 'invoice.recipient.delete',
  }),
  'POST /rrp/receipt/add': memberEndpoint({
    ...receipts,
    summary: 'Apply for an invoice over completed orders: payer names must match the title, special only for offline-paid orders',
    body: zInvoiceApply,
    response: zInvoiceDetail,
    audit: 'invoice.apply',
  }),
  'POST /rrp/receipt/list': memberEndpoint({
    ...receipts,
    summary: 'Invoice applications, newest first, filtered',
    body: zInvoiceListRequest,
    response: zInvoiceList,
  }),
  'POST /rrp/receipt/detail': memberEndpoint({
    ...receipts,
    summary: 'One work order with its orders and timeline',
    body: zInvoiceIdRequest,
    response: zInvoiceDetail,
  }),
  'POST /rrp/receipt/cancel': memberEndpoint({
    ...receipts,
    summary: 'Cancel an application in progress: its orders become invoiceable again',
    body: zInvoiceCancel,
    response: zInvoice,
    audit: 'invoice.cancel',
  }),
  'GET /rrp/receipt/file': memberEndpoint({ ...receipts, summary: 'The issued invoice file (PDF or OFD)', query: zInvoiceFileQuery, response: 'file' }),
  'GET /rrp/receipt/statement': memberEndpoint({
    ...receipts,
    summary: 'A PDF statement of the application in the caller’s language (not a tax invoice)',
    query: zInvoiceFileQuery,
    response: 'file',
  }),
} as const;

const issuing = { permission: 'OPS_INVOICES', scope: 'platform' } as const;

export const invoiceOpsEndpoints = {
  'POST /ops/invoice/list': staffEndpoint({
    ...issuing,
    summary: 'Invoice applications of every company, with the count of each state',
    body: zOpsInvoiceListRequest,
    response: zOpsInvoiceList,
  }),
  'POST /ops/invoice/detail': staffEndpoint({ ...issuing, summary: 'One work order', body: zInvoiceIdRequest, response: zInvoiceDetail }),
  'POST /ops/invoice/issue': staffEndpoint({
    ...issuing,
    summary: 'Record the invoice issued on the tax platform: number, date, and the file (electronic) or tracking note (paper)',
    description: `multipart/form-data with the text fields of the issue and the file field \`file\` (PDF or OFD by content, at most ${INVOICE_LIMITS.fileMaxBytes / 1048576} MB; required for an ordinary electronic invoice)`,
    multipart: {
      fields: zInvoiceIssueFields,
      files: { file: { maxBytes: INVOICE_LIMITS.fileMaxBytes, tooLarge: 31009 } },
      maxBytes: INVOICE_LIMITS.fileMaxBytes + 64 * 1024,
    },
    response: zInvoice,
    audit: 'invoice.issue',
  }),
  'POST /ops/invoice/cancel': staffEndpoint({
    ...issuing,
    summary: 'Cancel an application in progress with a reason the customer reads',
    body: zInvoiceCancel,
    response: zInvoice,
    audit: 'invoice.reject',
  }),
  'GET /ops/invoice/file': staffEndpoint({ ...issuing, summary: 'The issued invoice file', query: zInvoiceFileQuery, response: 'file' }),
  'GET /ops/invoice/statement': staffEndpoint({ ...issuing, summary: 'The PDF statement of an application', query: zInvoiceFileQuery, response: 'file' }),
} as const;
