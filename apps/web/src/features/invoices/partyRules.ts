import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/*
 * Form rules of the invoice header and recipient forms: the limits and patterns of the contracts
 * (zInvoiceTitleFields, zRecipientFields), checked on the trimmed value as the server does.
 */

type TextRule = {
  /** the field's label, for the "required" message */
  label: string;
  max: number;
  required?: boolean;
  pattern?: RegExp;
  /** the message when the pattern does not match */
  patternMessage?: string;
};

export function textRules(t: TFunction, { label, max, required = true, pattern, patternMessage }: TextRule): FormRule[] {
  return [
    { required, whitespace: true, message: t('invoices:validation.required', { field: label }) },
    {
      validator: (_, value?: string) => {
        const v = (value ?? '').trim();
        if (!v) return Promise.resolve();
        if (v.length > max) return Promise.reject(new Error(t('invoices:validation.tooLong', { max })));
        if (pattern && !pattern.test(v)) return Promise.reject(new Error(patternMessage ?? t('invoices:validation.format', { field: label })));
        return Promise.resolve();
      },
    },
  ];
}

/** The trimmed values of a form's text fields (what the server stores). */
export function trimmed<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T;
}
