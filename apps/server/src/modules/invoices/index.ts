export { invoiceFileKind } from './file-kind.js';
export { invoiceAttachments } from './files.js';
export { type InvoiceDeps, invoiceHandlers, invoiceOpsHandlers } from './handlers.js';
export { renderStatement } from './statement.js';
