import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findRoute } from '../app/routes';
import { accountKeys, fetchAccountInfo } from '../features/account/api';
import { storeAccount, useSession } from '../lib/session';
import { usePageTitle } from '../lib/usePageTitle';
import { tabsStore } from './tabsStore';

/** Opens (or refreshes) the tab of the current page and records it in the recent history. */
export function useTrackTabs(): void {
  const { pathname, search } = useLocation();
  const { permissions } = useSession();
  useEffect(() => {
    const route = findRoute(pathname);
    if (!route) return;
    if (route.permission && !permissions.includes(route.permission)) return;
    tabsStore.open({ key: route.path, url: pathname + search, titleKey: route.titleKey, closable: route.closable !== false });
  }, [pathname, search, permissions]);
}

/** Re-reads the account (role, permissions, phone) when the console opens. */
export function useAccountRefresh(): void {
  const { data } = useQuery({ queryKey: accountKeys.info, queryFn: fetchAccountInfo, staleTime: 5 * 60 * 1000 });
  useEffect(() => {
    if (data) storeAccount(data);
  }, [data]);
}

/** "<page> - RRP Console" in the current language. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const route = findRoute(pathname);
  usePageTitle(route ? t(route.titleKey) : undefined);
}
