import type { ApiBody, ApiFields, TInvoice } from '@rrp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, download, upload } from '../../lib/api';
import type { RequestOptions } from '../../lib/http';

/** The back office's invoice applications in the query cache (lists with their counts, details). */
export const OPS_INVOICES_KEY = ['ops', 'invoices'] as const;

export type OpsInvoiceListRequest = ApiBody<'POST /ops/invoice/list'>;
export type IssueFields = ApiFields<'POST /ops/invoice/issue'>;

/** Applications in one state, a page at a time, with the count of each state. */
export function useOpsInvoiceList(body: OpsInvoiceListRequest) {
  return useQuery({ queryKey: [...OPS_INVOICES_KEY, 'list', body], queryFn: () => api('POST /ops/invoice/list', body), placeholderData: keepPreviousData });
}

export function useOpsInvoiceDetail(id: string | null) {
  return useQuery({ queryKey: [...OPS_INVOICES_KEY, 'detail', id], queryFn: () => api('POST /ops/invoice/detail', { id: id ?? '' }), enabled: !!id });
}

/** Records the invoice issued on the tax platform: a signed multipart request with the file, when there is one. */
export const issueInvoice = (fields: IssueFields, file: File | null, opts?: RequestOptions) =>
  upload('POST /ops/invoice/issue', fields, file ? { file } : {}, opts);

export const cancelInvoice = (id: string, reason: string) => api('POST /ops/invoice/cancel', { id, reason });

/** The PDF statement of an application (orders and amounts; not a tax invoice). */
export const downloadStatement = (inv: Pick<TInvoice, 'id' | 'ticketNo'>) =>
  download('GET /ops/invoice/statement', { query: { id: inv.id }, fallbackName: `statement-${inv.ticketNo}.pdf` });

/** The issued invoice file (PDF or OFD), under the name it was uploaded with. */
export const downloadInvoiceFile = (inv: Pick<TInvoice, 'id' | 'ticketNo' | 'fileName'>) =>
  download('GET /ops/invoice/file', { query: { id: inv.id }, fallbackName: inv.fileName ?? `invoice-${inv.ticketNo}.pdf` });
