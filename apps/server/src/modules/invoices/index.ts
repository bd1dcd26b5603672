export { type InvoiceDeps, invoiceHandlers, invoiceOpsHandlers } from './handlers.js';
