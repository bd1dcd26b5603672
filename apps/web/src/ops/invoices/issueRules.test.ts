import { describe, expect, test } from 'vitest';
import dayjs from '../../lib/dayjs';
import { INVOICE_FILE_ACCEPT, INVOICE_NO_RE, invoiceDateProblem, invoiceFileProblem } from './issueRules';

const MB = 1024 * 1024;

describe('issue form rules', () => {
  test('the invoice file is a PDF or OFD of at most 10 MB', () => {
    expect(INVOICE_FILE_ACCEPT).toBe('.pdf,.ofd');
    expect(invoiceFileProblem({ name: 'a.pdf', size: 10 * MB })).toBeNull();
    expect(invoiceFileProblem({ name: 'A.OFD', size: 1 })).toBeNull();
    expect(invoiceFileProblem({ name: 'a.pdf', size: 10 * MB + 1 })).toBe('size');
    expect(invoiceFileProblem({ name: 'a.pdf', size: 0 })).toBe('empty');
    expect(invoiceFileProblem({ name: 'a.png', size: 5 })).toBe('format');
    expect(invoiceFileProblem({ name: 'pdf', size: 5 })).toBe('format');
  });

  test('the invoice number takes letters, digits and hyphens', () => {
    expect(INVOICE_NO_RE.test('INV-2026-0001')).toBe(true);
    expect(INVOICE_NO_RE.test('44031234')).toBe(true);
    expect(INVOICE_NO_RE.test('INV 01')).toBe(false);
    expect(INVOICE_NO_RE.test('发票1')).toBe(false);
  });

  test('the invoice date is not in the future nor before the application day', () => {
    const today = dayjs('2026-11-24');
    const applied = '2026-11-20T23:30:00Z';
    expect(invoiceDateProblem(dayjs('2026-11-24'), applied, today)).toBeNull();
    expect(invoiceDateProblem(dayjs('2026-11-20'), applied, today)).toBeNull();
    expect(invoiceDateProblem(dayjs('2026-11-25'), applied, today)).toBe('future');
    expect(invoiceDateProblem(dayjs('2026-11-19'), applied, today)).toBe('beforeApplied');
  });
});
