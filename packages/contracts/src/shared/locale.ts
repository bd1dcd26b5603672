export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Maps a browser or header language tag to one of the two supported locales. */
export function normalizeLocale(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const first = tag.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (first === 'en' || first.startsWith('en-')) return 'en';
  return DEFAULT_LOCALE;
}

/** Like normalizeLocale, but null for a tag that names neither language. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t === 'zh' || t.startsWith('zh-')) return 'zh-CN';
  if (t === 'en' || t.startsWith('en-')) return 'en';
  return null;
}
