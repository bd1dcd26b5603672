import { EMAIL_RE, LIMITS, PHONE_RE, passwordProblem } from '@rrp/contracts/constants';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Form rules of spec section 5, shared by login, forgot password and register. */

export function accountRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth:validation.accountRequired') },
    {
      validator: (_, value?: string) => {
        const v = (value ?? '').trim();
        if (!v || EMAIL_RE.test(v) || PHONE_RE.test(v)) return Promise.resolve();
        return Promise.reject(new Error(t('auth:validation.accountFormat')));
      },
    },
  ];
}

export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth:validation.emailRequired') },
    { max: LIMITS.emailMax, message: t('auth:validation.tooLong', { max: LIMITS.emailMax }) },
    { pattern: EMAIL_RE, message: t('auth:validation.emailFormat') },
  ];
}

export function phoneRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth:validation.phoneRequired') },
    { pattern: PHONE_RE, message: t('auth:validation.phoneFormat') },
  ];
}

export function codeRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth:validation.codeRequired') },
    { pattern: /^\d{6}$/, message: t('auth:validation.codeFormat') },
  ];
}

/** The strength rule (8-16, three of four classes, no common words), via passwordProblem(). */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth:validation.passwordRequired') },
    {
      validator: (_, value?: string) => {
        if (!value) return Promise.resolve();
        const problem = passwordProblem(value);
        return problem ? Promise.reject(new Error(t(`auth:password.problem.${problem}`))) : Promise.resolve();
      },
    },
  ];
}

/** Confirm password must equal the `password` field. */
export function confirmRules(t: TFunction, field = 'password'): FormRule[] {
  return [
    { required: true, message: t('auth:validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_: unknown, value?: string) =>
        !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('auth:validation.passwordMismatch'))),
    }),
  ];
}
