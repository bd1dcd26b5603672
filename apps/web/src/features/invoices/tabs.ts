/** The tabs of the invoice page, in order; the first is shown without `?tab=`. */
export const INVOICE_TABS = ['apply', 'records', 'parties', 'bills'] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tab a URL asks for (`?tab=records`); an unknown value shows the first. */
export function tabFromQuery(params: URLSearchParams): InvoiceTab {
  const raw = params.get('tab');
  return (INVOICE_TABS as readonly string[]).includes(raw ?? '') ? (raw as InvoiceTab) : 'apply';
}

/** The work order a URL opens in the records tab (`?tab=records&id=<uuid>`), if it is a valid id. */
export function recordFromQuery(params: URLSearchParams): string | null {
  const id = params.get('id') ?? '';
  return UUID_RE.test(id) ? id : null;
}

/**
 * The query showing a tab (with a work order open in the records tab): the lists' own keys stay
 * (each tab's list prefixes them, so they do not collide) and what another tab had open closes.
 */
export function tabQuery(params: URLSearchParams, tab: InvoiceTab, id?: string): URLSearchParams {
  const out = new URLSearchParams(params);
  out.delete('id');
  if (tab === 'apply') out.delete('tab');
  else out.set('tab', tab);
  if (id) out.set('id', id);
  return out;
}
