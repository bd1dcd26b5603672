import type { Bilingual } from '../text.js';

/** Texts every area uses: the success message and how a validation error reads. */
export const COMMON_TEXTS = {
  'common.success': { zh: '成功', en: 'success' },
  /** a validation error: the code's text, then the field */
  'common.invalidField': { zh: '{message}：{field}', en: '{message}: {field}' },
  /** a detail after a code's text (the IMEIs at fault, ...) */
  'common.withDetail': { zh: '{message}：{detail}', en: '{message}: {detail}' },
  'common.tooLong': { zh: '{field}最多 {max} 个字符', en: '{field}: at most {max} characters' },
} satisfies Record<string, Bilingual>;
