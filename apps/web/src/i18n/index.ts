import { DEFAULT_LOCALE, LOCALES, type Locale } from '@rrp/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import utc from 'dayjs/plugin/utc';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeText } from '../lib/storage';
import { LOCALE_STORAGE_KEY } from './detect';

dayjs.extend(utc);

export const NAMESPACES = ['common', 'auth', 'layout', 'menu', 'home', 'account', 'announcement', 'help', 'errors', 'legal', 'devices'] as const;

/** Each language's catalogues are a separate chunk, fetched when the language is first used. */
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });
const loaded = new Set<Locale>();

export async function loadLocale(lng: Locale): Promise<void> {
  if (loaded.has(lng)) return;
  const parts = Object.entries(catalogues).filter(([path]) => path.includes(`/locales/${lng}/`));
  await Promise.all(
    parts.map(async ([path, load]) => {
      const ns = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
      i18next.addResourceBundle(lng, ns, await load(), true, true);
    }),
  );
  loaded.add(lng);
}

function applyToPage(lng: Locale): void {
  dayjs.locale(lng === 'en' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export async function initI18n(lng: Locale): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  }
  await loadLocale(lng);
  await i18next.changeLanguage(lng);
  applyToPage(lng);
  return i18next;
}

/** Switches the language of the page and stores the choice. */
export async function changeLocale(lng: Locale): Promise<void> {
  await loadLocale(lng);
  writeText(LOCALE_STORAGE_KEY, lng);
  await i18next.changeLanguage(lng);
  applyToPage(lng);
}

export function currentLocale(): Locale {
  return i18next.language === 'en' ? 'en' : 'zh-CN';
}
