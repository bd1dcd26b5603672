import { DOMAIN_RE, MONITORING_LIMITS as L } from '@rrp/contracts/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/*
 * Client checks mirroring zStrategySave: the server checks the same, these only say it earlier
 * and in the reader's language.
 */

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const blank = (v: unknown) => v === null || v === undefined || v === '';

/** A domain as the contracts store it: trimmed and lower-cased. */
export const normDomain = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();

/** True when a number has at most one decimal (tolerant of float error, as the contracts' check). */
export const hasOneDecimalAtMost = (v: number) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6;

export function nameRules(t: TFunction, label: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('strategies:validation.required', { field: label }) },
    { max: L.nameMax, message: t('strategies:validation.nameMax', { max: L.nameMax }) },
  ];
}

/** A required number from min to max; an integer unless `decimals` says one decimal is allowed. */
export function rangeRules(t: TFunction, label: string, min: number, max: number, decimals: 0 | 1 = 0): FormRule[] {
  return [
    { required: true, message: t('strategies:validation.required', { field: label }) },
    {
      validator: (_, v: unknown) => {
        if (blank(v)) return Promise.resolve();
        if (!isNumber(v) || v < min || v > max) return Promise.reject(new Error(t('strategies:validation.range', { min, max })));
        if (decimals === 0 && !Number.isInteger(v)) return Promise.reject(new Error(t('strategies:validation.integer')));
        if (decimals === 1 && !hasOneDecimalAtMost(v)) return Promise.reject(new Error(t('strategies:validation.oneDecimal')));
        return Promise.resolve();
      },
    },
  ];
}

/** One domain of the list: required, a host name or an IPv4 address, not twice. */
export function domainRules(t: TFunction, index: number): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator: (_, v: string | undefined) => {
        const d = normDomain(v);
        if (!d) return Promise.reject(new Error(t('strategies:validation.domainRequired')));
        if (d.length > L.domainMax || !DOMAIN_RE.test(d)) return Promise.reject(new Error(t('strategies:validation.domain')));
        const all = ((getFieldValue('domains') as string[] | undefined) ?? []).map(normDomain);
        if (all.slice(0, index).includes(d)) return Promise.reject(new Error(t('strategies:validation.domainTwice')));
        return Promise.resolve();
      },
    }),
  ];
}

/** The list of domains: one for a single-domain strategy, 2 to 5 for a multiple-domain one. */
export function domainListRules(t: TFunction, type: () => string | undefined) {
  return [
    {
      validator: (_: unknown, v: string[] | undefined) => {
        const n = v?.length ?? 0;
        if (type() === 'multiple' && n < L.domainsMin) return Promise.reject(new Error(t('strategies:validation.domainsMin', { min: L.domainsMin })));
        if (n > L.domainsMax) return Promise.reject(new Error(t('strategies:validation.domainsMax', { max: L.domainsMax })));
        return Promise.resolve();
      },
    },
  ];
}
