import type { Locale } from '@rrp/contracts';
import type { Locale as AntdLocaleData } from 'antd/es/locale';
import { beforeLanguageSwitch, currentLocale } from './index';

/**
 * antd's own texts (pagination, empty states, pickers, "close") per language, imported on
 * demand from antd's ES modules: the sign-in page needs none of them (its texts are ours), so
 * they load with the console and the registration page only.
 */
const LOADERS: Record<Locale, () => Promise<{ default: AntdLocaleData }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
};

const loaded = new Map<Locale, AntdLocaleData>();
let following = false;

export async function loadAntdLocale(lng: Locale = currentLocale()): Promise<AntdLocaleData> {
  const have = loaded.get(lng);
  if (have) return have;
  const data = (await LOADERS[lng]()).default;
  loaded.set(lng, data);
  // once any page uses antd's texts, a language switch fetches the new ones before it re-renders
  if (!following) {
    following = true;
    beforeLanguageSwitch((next) => loadAntdLocale(next));
  }
  return data;
}

/** The loaded locale of a language, if any. */
export function antdLocaleOf(lng: Locale): AntdLocaleData | undefined {
  return loaded.get(lng);
}
