import { INVOICE_FILE_KINDS, INVOICE_LIMITS } from '@rrp/contracts/constants';
import type { Dayjs } from 'dayjs';
import dayjs from '../../lib/dayjs';

/** The invoice number of the tax platform as the contract takes it (zInvoiceIssueFields). */
export const INVOICE_NO_RE = /^[0-9A-Za-z-]+$/;

/** The file picker's filter: the kinds the server accepts (it decides by content, not by name). */
export const INVOICE_FILE_ACCEPT = INVOICE_FILE_KINDS.map((k) => `.${k}`).join(',');

export const INVOICE_FILE_MAX_MB = INVOICE_LIMITS.fileMaxBytes / 1024 / 1024;

export type InvoiceFileProblem = 'format' | 'size' | 'empty';

/** What is wrong with a chosen invoice file, before sending it: its extension, and its size (at most 10 MB). */
export function invoiceFileProblem(file: { name: string; size: number }): InvoiceFileProblem | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(INVOICE_FILE_KINDS as readonly string[]).includes(ext)) return 'format';
  if (file.size <= 0) return 'empty';
  if (file.size > INVOICE_LIMITS.fileMaxBytes) return 'size';
  return null;
}

/**
 * Days the invoice date may not take: after today (the staff member's calendar, the one of the
 * tax platform) and before the UTC day of the application.
 */
export function invoiceDateProblem(day: Dayjs, appliedAt: string, today: Dayjs = dayjs()): 'future' | 'beforeApplied' | null {
  const d = day.format('YYYY-MM-DD');
  if (d > today.format('YYYY-MM-DD')) return 'future';
  if (d < dayjs.utc(appliedAt).format('YYYY-MM-DD')) return 'beforeApplied';
  return null;
}
