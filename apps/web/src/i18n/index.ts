import { DEFAULT_LOCALE, LOCALES, type Locale } from '@rrp/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { writeText } from '../lib/storage';
import { LOCALE_STORAGE_KEY } from './detect';

import { type Namespace, PUBLIC_NAMESPACES } from './namespaces';

export { CONSOLE_NAMESPACES, NAMESPACES, type Namespace, OPS_NAMESPACES, PUBLIC_NAMESPACES } from './namespaces';

/**
 * Every catalogue is a lazily imported module; the bundler groups them into one chunk per
 * language for the public pages and one for the console, so /login fetches only `common` and
 * `auth`. Pages that need more ask for it before they render (lazyPage's `namespaces`).
 */
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

/** Namespaces some rendered part of the app needs: a language switch loads them all first. */
const wanted = new Set<Namespace>(PUBLIC_NAMESPACES);
const loaded = new Set<string>();
const pending = new Map<string, Promise<void>>();

/** Extra work a language switch must finish before the page re-renders (e.g. antd's locale). */
const beforeSwitch = new Set<(lng: Locale) => Promise<unknown>>();

function loadOne(lng: Locale, ns: Namespace): Promise<void> {
  const id = `${lng}/${ns}`;
  if (loaded.has(id)) return Promise.resolve();
  let p = pending.get(id);
  if (!p) {
    const load = catalogues[`../locales/${id}.json`];
    if (!load) return Promise.reject(new Error(`no catalogue ${id}`));
    p = load().then(
      (resources) => {
        i18next.addResourceBundle(lng, ns, resources, true, true);
        loaded.add(id);
        pending.delete(id);
      },
      (err: unknown) => {
        pending.delete(id);
        throw err;
      },
    );
    pending.set(id, p);
  }
  return p;
}

/** Loads namespaces for a language (the current one by default) and keeps them on later switches. */
export async function loadNamespaces(namespaces: readonly Namespace[], lng: Locale = currentLocale()): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  await Promise.all(namespaces.map((ns) => loadOne(lng, ns)));
}

/** Registers work to finish before each later language switch; returns a remover. */
export function beforeLanguageSwitch(task: (lng: Locale) => Promise<unknown>): () => void {
  beforeSwitch.add(task);
  return () => beforeSwitch.delete(task);
}

function applyToPage(lng: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export async function initI18n(lng: Locale): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      ns: [...PUBLIC_NAMESPACES],
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  }
  await loadNamespaces([...wanted], lng);
  await i18next.changeLanguage(lng);
  applyToPage(lng);
  return i18next;
}

/** Switches the language of the page and stores the choice. */
export async function changeLocale(lng: Locale): Promise<void> {
  await Promise.all([loadNamespaces([...wanted], lng), ...[...beforeSwitch].map((task) => task(lng))]);
  writeText(LOCALE_STORAGE_KEY, lng);
  await i18next.changeLanguage(lng);
  applyToPage(lng);
}

/** Stores the person's language choice on this device. */
export function rememberLocale(lng: Locale): void {
  writeText(LOCALE_STORAGE_KEY, lng);
}

export function currentLocale(): Locale {
  return i18next.language === 'en' ? 'en' : 'zh-CN';
}
