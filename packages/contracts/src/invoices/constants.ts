/** Invoice types of spec section 3: an ordinary electronic VAT invoice or a special paper VAT invoice. */
export const INVOICE_TYPES = ['ordinary', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** An application moves once: in progress → issued, or in progress → cancelled. */
export const INVOICE_STATUSES = ['in_progress', 'issued', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Field limits of spec section 5 (the recipient name takes the larger of the spec's two figures). */
export const INVOICE_LIMITS = {
  titleMax: 40,
  taxpayerIdMax: 40,
  bankMax: 40,
  bankAccountMax: 40,
  registeredAddressMax: 100,
  registeredPhoneMax: 20,
  recipientNameMax: 20,
  recipientPhoneMax: 20,
  recipientAddressMax: 100,
  /** orders on one application */
  ordersPerApplication: 100,
  /** saved headers, and saved recipients, per company */
  savedMax: 20,
  cancelReasonMax: 200,
  invoiceNoMax: 40,
  trackingNoteMax: 200,
  /** the uploaded invoice file (PDF or OFD) */
  fileMaxBytes: 10 * 1024 * 1024,
} as const;

/** VAT on License, data and AC License service fees (spec section 9); order prices include it. */
export const INVOICE_TAX_PERCENT = 6;

/**
 * Net, tax and total of an invoice from its tax-inclusive total, in fen: the net is the total
 * divided by 1.06 rounded half up to the fen, computed on the whole invoice (not per order), and
 * the tax is the rest, so net + tax is always the total.
 */
export function invoiceAmounts(totalFen: number): { netFen: number; taxFen: number; totalFen: number } {
  const netFen = Math.floor((totalFen * 100 * 2 + (100 + INVOICE_TAX_PERCENT)) / (2 * (100 + INVOICE_TAX_PERCENT)));
  return { netFen, taxFen: totalFen - netFen, totalFen };
}

/** Working days within which an invoice is issued (spec section 9). */
export const INVOICE_ISSUE_WORKING_DAYS: Record<InvoiceType, number> = { ordinary: 2, special: 3 };

/** Invoice files the back office uploads, decided by their content. */
export const INVOICE_FILE_KINDS = ['pdf', 'ofd'] as const;
export type InvoiceFileKind = (typeof INVOICE_FILE_KINDS)[number];
