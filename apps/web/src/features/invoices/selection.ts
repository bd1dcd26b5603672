import { INVOICE_LIMITS, invoiceAmounts } from '@rrp/contracts/constants';
import { toFen } from '../orders/money';
import type { InvoiceType, TInvoiceableOrder } from './api';

/** What the selection of the apply step holds: the chosen orders, in the order they were picked. */
export type Selection = ReadonlyMap<string, TInvoiceableOrder>;

/** Net, tax and total of the selected orders, in fen: the tax rule of the contracts on the sum of their tax-inclusive totals. */
export function selectionAmounts(orders: Iterable<Pick<TInvoiceableOrder, 'totalAmount'>>): { netFen: number; taxFen: number; totalFen: number } {
  let total = 0;
  for (const o of orders) total += toFen(o.totalAmount);
  return invoiceAmounts(total);
}

/** The selection without the orders a type does not allow (WeChat orders get ordinary invoices only). */
export function keepAllowed(selection: Selection, type: InvoiceType): Map<string, TInvoiceableOrder> {
  return new Map([...selection].filter(([, o]) => o.types.includes(type)));
}

/**
 * The selection after the table's checkboxes changed on the page shown: rows of other pages
 * stay, rows of this page follow the checkboxes, and no more than the limit of one application
 * is kept (`capped` says some were left out).
 */
export function updateSelection(
  selection: Selection,
  pageRows: readonly TInvoiceableOrder[],
  checked: ReadonlySet<string>,
  max: number = INVOICE_LIMITS.ordersPerApplication,
): { next: Map<string, TInvoiceableOrder>; capped: boolean } {
  const onPage = new Set(pageRows.map((o) => o.orderNo));
  const next = new Map([...selection].filter(([no]) => !onPage.has(no) || checked.has(no)));
  let capped = false;
  for (const o of pageRows) {
    if (!checked.has(o.orderNo) || next.has(o.orderNo)) continue;
    if (next.size >= max) {
      capped = true;
      continue;
    }
    next.set(o.orderNo, o);
  }
  return { next, capped };
}

/** Compares a payer name with a header title as the server does: as written, without surrounding spaces. */
const sameName = (a: string, b: string) => a.trim() === b.trim();

/** The selected orders whose payer name differs from the header title (the server refuses them, error 31004). */
export function payerMismatches(orders: Iterable<TInvoiceableOrder>, title: string | null | undefined): TInvoiceableOrder[] {
  if (!title) return [];
  return [...orders].filter((o) => !sameName(o.payerName, title));
}
