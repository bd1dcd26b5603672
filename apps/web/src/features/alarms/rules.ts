import { EMAIL_RE, ALARM_LIMITS as L } from '@rrp/contracts/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/*
 * Client checks mirroring the contracts (zPoolWarningUpdate, zAlarmSettingSave): the server
 * checks the same, these only say it earlier and in the reader's language.
 */

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** True when a number has at most two decimals (as the contracts' check, tolerant of float error). */
export const hasTwoDecimalsAtMost = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A pool value: required, an integer from 1 to 999,999. */
export function poolValueRules(t: TFunction, label: string): FormRule[] {
  return [
    { required: true, message: t('alarms:validation.required', { field: label }) },
    {
      validator: (_, v: unknown) => {
        if (v === null || v === undefined || v === '') return Promise.resolve();
        if (!isNumber(v) || !Number.isInteger(v) || v < L.poolValueMin || v > L.poolValueMax)
          return Promise.reject(new Error(t('alarms:validation.poolRange', { min: L.poolValueMin, max: L.poolValueMax })));
        return Promise.resolve();
      },
    },
  ];
}

/** A threshold in MB: required, above 0, at most two decimals, at most the contracts' maximum. */
export function thresholdRules(t: TFunction, label: string): FormRule[] {
  return [
    { required: true, message: t('alarms:validation.required', { field: label }) },
    {
      validator: (_, v: unknown) => {
        if (v === null || v === undefined || v === '') return Promise.resolve();
        if (!isNumber(v) || v <= 0) return Promise.reject(new Error(t('alarms:validation.positive')));
        if (!hasTwoDecimalsAtMost(v)) return Promise.reject(new Error(t('alarms:validation.decimals')));
        if (v > L.thresholdMaxMb) return Promise.reject(new Error(t('alarms:validation.thresholdMax', { max: L.thresholdMaxMb })));
        return Promise.resolve();
      },
    },
  ];
}

/** The addresses of a comma-separated list (ASCII or full-width commas), blanks dropped. */
export function splitEmails(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,，]/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** What is wrong with an e-mail list, or null: none, more than 10, or an invalid address. */
export function emailsProblem(value: string | null | undefined): 'required' | 'tooMany' | { invalid: string } | null {
  const list = splitEmails(value);
  if (list.length === 0) return 'required';
  if (list.length > L.emailsMax) return 'tooMany';
  const bad = list.find((e) => !EMAIL_RE.test(e) || e.length > 100);
  return bad ? { invalid: bad } : null;
}

export function emailsRules(t: TFunction, label: string): FormRule[] {
  return [
    {
      required: true,
      validator: (_, v: string | undefined) => {
        const problem = emailsProblem(v);
        if (problem === null) return Promise.resolve();
        if (problem === 'required') return Promise.reject(new Error(t('alarms:validation.required', { field: label })));
        if (problem === 'tooMany') return Promise.reject(new Error(t('alarms:validation.emailsMax', { max: L.emailsMax })));
        return Promise.reject(new Error(t('alarms:validation.emailInvalid', { email: problem.invalid })));
      },
    },
  ];
}
