import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, download } from '../../lib/api';

export type AuditScope = 'customer' | 'platform';
export type AuditListRequest = ApiBody<'POST /rrp/audit/list'>;
export type AuditFilters = Omit<AuditListRequest, 'pageNum' | 'pageSize'>;

/** The audit log of the caller's companies (`customer`) or of every company (`platform`, back office), a page at a time. */
export function useAuditList(scope: AuditScope, body: AuditListRequest) {
  return useQuery({
    queryKey: ['audit', scope, body],
    queryFn: () => (scope === 'customer' ? api('POST /rrp/audit/list', body) : api('POST /ops/audit/list', body)),
    placeholderData: keepPreviousData,
  });
}

/** The log under the same filters as an xlsx file. */
export function downloadAudit(scope: AuditScope, filters: AuditFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return scope === 'customer'
    ? download('GET /rrp/audit/export', { query: query as never, fallbackName: 'audit.xlsx' })
    : download('GET /ops/audit/export', { query: query as never, fallbackName: 'audit.xlsx' });
}
