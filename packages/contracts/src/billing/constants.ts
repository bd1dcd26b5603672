/**
 * The rates a monthly bill is computed with, kept in the catalogue (`billing_rates`), in fen:
 * data beyond what the pool covered and data used outside the device's home region, per MB;
 * the number fee per device in service during the month.
 */
export const BILLING_RATE_CODES = ['overage_per_mb', 'roaming_per_mb', 'number_per_device'] as const;
export type BillingRateCode = (typeof BILLING_RATE_CODES)[number];

/** A bill month, `YYYY-MM` (UTC). */
export const BILL_MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
