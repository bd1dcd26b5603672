/** One License: a year of service and 100 MB added to the company's data pool. */
export const LICENSE = { years: 1, dataMb: 100, expiryWarningDays: 30 } as const;

/** Why the stock moved: grants, purchases, uses, renewals, migrations between payers. */
export const LICENSE_LEDGER_REASONS = ['certification', 'purchase', 'import', 'renewal', 'auto_renewal', 'migration', 'grant'] as const;
export type LicenseLedgerReason = (typeof LICENSE_LEDGER_REASONS)[number];
