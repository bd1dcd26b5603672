import { DEFAULT_LOCALE, type Locale, matchLocale } from '@rrp/contracts/constants';
import { readText } from '../lib/storage';

export const LOCALE_STORAGE_KEY = 'locale';

/**
 * The language to start in: the stored choice, else the first browser language we support
 * (zh, zh-tw, zh-hk → zh-CN; en, en-us, en-gb → en), else Simplified Chinese.
 */
export function detectLocale(stored: string | null = readText(LOCALE_STORAGE_KEY), browser: readonly string[] = browserLanguages()): Locale {
  return matchLocale(stored) ?? browserLocale(browser) ?? DEFAULT_LOCALE;
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/** The first of the browser's languages that we support, if any. */
function browserLocale(browser: readonly string[]): Locale | null {
  for (const tag of browser) {
    const m = matchLocale(tag);
    if (m) return m;
  }
  return null;
}

/** True when the person picked a language themselves (not just the browser default). */
export function hasStoredLocale(): boolean {
  return matchLocale(readText(LOCALE_STORAGE_KEY)) !== null;
}

/**
 * True when the language on screen is one the person asked for: picked on this device, or the
 * browser's own language. Then it stays at sign-in (and is saved to the account); only a page
 * shown in the default language, for lack of any preference, follows the account's language.
 */
export function isPreferredLocale(shown: Locale, browser: readonly string[] = browserLanguages()): boolean {
  return hasStoredLocale() || browserLocale(browser) === shown;
}
