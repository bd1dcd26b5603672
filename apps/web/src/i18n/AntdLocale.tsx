import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf, loadAntdLocale } from './antdLocale';
import { currentLocale } from './index';

/**
 * Gives its children antd's texts in the page's language. The locale is normally loaded before
 * (lazyPage's `antdLocale`, and before every language switch); until it is, antd's English
 * defaults show.
 */
export function AntdLocale({ children }: { children: ReactNode }) {
  useTranslation(); // re-renders on a language switch
  const lng = currentLocale();
  const [, setLoaded] = useState(0);
  const locale = antdLocaleOf(lng);
  useEffect(() => {
    if (locale) return;
    let live = true;
    loadAntdLocale(lng).then(
      () => {
        if (live) setLoaded((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lng, locale]);
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
