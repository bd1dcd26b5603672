import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab title to "<page> - RRP Console" in the current language. */
export function usePageTitle(page?: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    const app = t('common:appName');
    document.title = page ? `${page} - ${app}` : app;
  }, [page, t]);
}
