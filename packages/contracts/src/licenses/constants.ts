/** One License: a year of service and 100 MB added to the company's data pool. */
export const LICENSE = { years: 1, dataMb: 100, expiryWarningDays: 30 } as const;
