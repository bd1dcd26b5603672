import { memberEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zAuditExportQuery, zAuditList, zAuditListRequest } from './schemas.js';

const audit = { permission: 'OPS_AUDIT', scope: 'platform' } as const;

/** The audit log of the caller's company and its sub-companies; in the back office, of every company. */
export const auditEndpoints = {
  'POST /rrp/audit/list': memberEndpoint({
    permission: 'AUDIT_LOG',
    scope: 'subtree',
    summary: 'Audit events of the company and its sub-companies, newest first',
    body: zAuditListRequest,
    response: zAuditList,
  }),
  'GET /rrp/audit/export': memberEndpoint({
    permission: 'AUDIT_LOG',
    scope: 'subtree',
    summary: 'The audit events matching the filters, as xlsx (at most 50,000 rows)',
    query: zAuditExportQuery,
    response: 'file',
  }),

  // ---- back office: every company
  'POST /ops/audit/list': staffEndpoint({ ...audit, summary: 'Audit events of every company, newest first', body: zAuditListRequest, response: zAuditList }),
  'GET /ops/audit/export': staffEndpoint({
    ...audit,
    summary: 'The audit events matching the filters, as xlsx (at most 50,000 rows)',
    query: zAuditExportQuery,
    response: 'file',
  }),
} as const;
