import type { ApiBody, ApiResult, InvoiceStatus, InvoiceType, TInvoice, TInvoiceableOrder, TInvoiceDetail, TInvoiceTitle, TRecipient } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../lib/api';

export type { InvoiceStatus, InvoiceType, TInvoice, TInvoiceableOrder, TInvoiceDetail, TInvoiceTitle, TRecipient };
export type InvoiceableAmount = ApiResult<'POST /rrp/receipt/amount'>;
export type InvoiceableOrderRequest = ApiBody<'POST /rrp/receipt/order/list'>;
export type InvoiceListRequest = ApiBody<'POST /rrp/receipt/list'>;
export type InvoiceApply = ApiBody<'POST /rrp/receipt/add'>;
export type TitleSave = ApiBody<'POST /rrp/receipt/addOrUpdate'>;
export type RecipientSave = ApiBody<'POST /rrp/receipt/recipient/addOrUpdate'>;
export type InvoiceEvent = TInvoiceDetail['timeline'][number];

export const invoiceKeys = {
  all: ['invoices'] as const,
  /** what can still be invoiced: the amount and the orders (both change with an application or a cancellation) */
  invoiceable: ['invoices', 'invoiceable'] as const,
  amount: ['invoices', 'invoiceable', 'amount'] as const,
  orders: (req: InvoiceableOrderRequest) => ['invoices', 'invoiceable', 'orders', req] as const,
  titles: ['invoices', 'titles'] as const,
  recipients: ['invoices', 'recipients'] as const,
  records: ['invoices', 'records'] as const,
  list: (req: InvoiceListRequest) => ['invoices', 'records', 'list', req] as const,
  detail: (id: string) => ['invoices', 'records', 'detail', id] as const,
};

/** The amount of the completed orders not yet invoiced (and of it, what was paid offline). */
export function useInvoiceableAmount() {
  return useQuery({ queryKey: invoiceKeys.amount, queryFn: () => api('POST /rrp/receipt/amount') });
}

/** Completed orders not yet invoiced; with a type, only the orders that type allows. */
export function useInvoiceableOrders(req: InvoiceableOrderRequest) {
  return useQuery({
    queryKey: invoiceKeys.orders(req),
    queryFn: () => api('POST /rrp/receipt/order/list', req),
    placeholderData: keepPreviousData,
  });
}

/** The saved invoice headers, the default first. */
export function useTitles() {
  return useQuery({ queryKey: invoiceKeys.titles, queryFn: () => api('POST /rrp/receipt/title'), select: (d) => d.list });
}

/** The saved recipients, the default first. */
export function useRecipients() {
  return useQuery({ queryKey: invoiceKeys.recipients, queryFn: () => api('POST /rrp/receipt/recipient/list'), select: (d) => d.list });
}

/**
 * A saved header or recipient put into the cached list at once (so a form that picks what it just
 * added finds it before the list is read again); a new default replaces the previous one.
 */
function upsert<T extends { id: string; isDefault: boolean }>(list: readonly T[], saved: T): T[] {
  const others = list.filter((x) => x.id !== saved.id).map((x) => (saved.isDefault && x.isDefault ? { ...x, isDefault: false } : x));
  if (saved.isDefault) return [saved, ...others];
  const at = list.findIndex((x) => x.id === saved.id);
  return at < 0 ? [...others, saved] : [...others.slice(0, at), saved, ...others.slice(at)];
}

export function useSaveTitle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TitleSave) => api('POST /rrp/receipt/addOrUpdate', body),
    onSuccess: (saved) => {
      qc.setQueryData<{ list: TInvoiceTitle[] }>(invoiceKeys.titles, (old) => old && { list: upsert(old.list, saved) });
      void qc.invalidateQueries({ queryKey: invoiceKeys.titles });
    },
  });
}

export function useDeleteTitle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /rrp/receipt/title/delete', { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: invoiceKeys.titles }),
  });
}

export function useSaveRecipient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipientSave) => api('POST /rrp/receipt/recipient/addOrUpdate', body),
    onSuccess: (saved) => {
      qc.setQueryData<{ list: TRecipient[] }>(invoiceKeys.recipients, (old) => old && { list: upsert(old.list, saved) });
      void qc.invalidateQueries({ queryKey: invoiceKeys.recipients });
    },
  });
}

export function useDeleteRecipient() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /rrp/receipt/recipient/delete', { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: invoiceKeys.recipients }),
  });
}

/**
 * Applies for an invoice. Its error is shown by the apply step itself (it stays on screen while
 * the person changes the header or the orders), so the call is silent. Either way the orders that
 * can be invoiced may have changed.
 */
export function useApplyInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceApply) => api('POST /rrp/receipt/add', body, { silent: true }),
    onSuccess: (invoice) => {
      // the work order opens at once from the answer; marked stale with the records, it is read again
      // when it opens (it may have been issued by then)
      qc.setQueryData(invoiceKeys.detail(invoice.id), invoice);
      void qc.invalidateQueries({ queryKey: invoiceKeys.records });
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: invoiceKeys.invoiceable }),
  });
}

export function useInvoiceList(req: InvoiceListRequest) {
  return useQuery({ queryKey: invoiceKeys.list(req), queryFn: () => api('POST /rrp/receipt/list', req), placeholderData: keepPreviousData });
}

export function useInvoiceDetail(id: string | null) {
  return useQuery({ queryKey: invoiceKeys.detail(id ?? ''), queryFn: () => api('POST /rrp/receipt/detail', { id: id ?? '' }), enabled: !!id });
}

/** Cancels an application in progress; its orders can be invoiced again. */
export function useCancelInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /rrp/receipt/cancel'>) => api('POST /rrp/receipt/cancel', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: invoiceKeys.records });
      void qc.invalidateQueries({ queryKey: invoiceKeys.invoiceable });
    },
  });
}

/** The issued invoice file (PDF or OFD), saved under the name the server gives. */
export const downloadInvoiceFile = (inv: Pick<TInvoice, 'id' | 'ticketNo' | 'fileName'>) =>
  download('GET /rrp/receipt/file', { query: { id: inv.id }, fallbackName: inv.fileName ?? `invoice-${inv.ticketNo}.pdf` });

/** The PDF statement of an application (not a tax invoice), in the reader's language. */
export const downloadStatement = (inv: Pick<TInvoice, 'id' | 'ticketNo'>) =>
  download('GET /rrp/receipt/statement', { query: { id: inv.id }, fallbackName: `invoice-statement-${inv.ticketNo}.pdf` });
