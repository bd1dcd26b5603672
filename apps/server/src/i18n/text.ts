import type { Locale } from '@rrp/contracts';

export type { Bilingual } from '@rrp/contracts';

export type Params = Record<string, string | number>;

/** Fills `{name}` placeholders from params. */
export function fill(text: string, params?: Params): string {
  if (!params) return text;
  let out = text;
  for (const [k, v] of Object.entries(params)) out = out.replaceAll(`{${k}}`, String(v));
  return out;
}

export const pick = (b: { zh: string; en: string }, locale: Locale): string => (locale === 'en' ? b.en : b.zh);
