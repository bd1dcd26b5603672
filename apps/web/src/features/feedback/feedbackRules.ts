import { LIMITS } from '@rrp/contracts/constants';
import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';

/** Feedback is required (not only spaces) and at most 400 characters. */
export function feedbackRules(t: TFunction): Rule[] {
  return [
    { required: true, whitespace: true, message: t('layout:feedback.required') },
    { max: LIMITS.feedbackMax, message: t('layout:feedback.tooLong', { max: LIMITS.feedbackMax }) },
  ];
}
