import type { Bilingual } from '../text.js';

/** Texts every area uses: the success message and how a validation error reads. */
export const COMMON_TEXTS = {
  'common.success': { zh: '成功', en: 'success' },
  /** a validation error: the code's text, then the field */
  'common.invalidField': { zh: '{message}：{field}', en: '{message}: {field}' },
  /** a detail after a code's text (the IMEIs at fault, ...) */
  'common.withDetail': { zh: '{message}：{detail}', en: '{message}: {detail}' },
  /** a 429 that knows when the limit lets the caller in again (29013 with Retry-After) */
  'common.retryIn': { zh: '请求过于频繁，请 {seconds} 秒后再试', en: 'Too many requests, try again in {seconds} seconds' },
  /** a text with a control character (NUL, ...) or broken Unicode, which cannot be stored */
  'common.badText': { zh: '{field}含有不允许的字符（如控制字符）', en: '{field}: contains characters that are not allowed (such as control characters)' },
  'common.fileName': { zh: '文件名', en: 'file name' },
  /** a signed call without the header that names its signing scheme, or with another value */
  'common.headerRequired': { zh: '请求头 {header} 必须为 {value}', en: 'the {header} header must be {value}' },
  'common.tooLong': { zh: '{field}最多 {max} 个字符', en: '{field}: at most {max} characters' },
} satisfies Record<string, Bilingual>;
