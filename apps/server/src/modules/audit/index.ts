export { auditHandlers } from './handlers.js';
export { type Actor, type AuditEntry, type Changes, changesOf, HIDDEN, recordAudit, recordAuditMany } from './record.js';
