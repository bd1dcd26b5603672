import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { accountKeys, fetchAccountInfo } from '../features/account/api';
import { holds } from '../lib/access';
import { freshAccount, getSession, storeAccount, useSession } from '../lib/session';
import { usePageTitle } from '../lib/usePageTitle';
import { useFindRoute } from './routeTable';
import { tabsStore, useTabsState } from './tabsStore';

/** Opens (or refreshes) the tab of the current page and records it in the recent history. */
export function useTrackTabs(): void {
  const findRoute = useFindRoute();
  const { pathname, search } = useLocation();
  const { loggedIn, permissions } = useSession();
  // after a reset (another account's tabs were dropped) the current page gets its tab back
  const { epoch } = useTabsState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch only triggers a re-open
  useEffect(() => {
    // a session that just ended must not write this person's pages back
    if (!loggedIn) return;
    const route = findRoute(pathname);
    if (!route) return;
    if (!holds(permissions, route.permission)) return;
    tabsStore.open({ key: route.path, url: pathname + search, titleKey: route.titleKey, closable: route.closable !== false });
  }, [pathname, search, loggedIn, permissions, epoch, findRoute]);
}

const ACCOUNT_STALE_MS = 5 * 60 * 1000;

/**
 * Re-reads the account (role, permissions, phone) when the console opens, unless the sign-in
 * page has just read it (in the current language).
 */
export function useAccountRefresh(): void {
  const { data } = useQuery({
    queryKey: accountKeys.info,
    queryFn: fetchAccountInfo,
    staleTime: ACCOUNT_STALE_MS,
    initialData: () => freshAccount()?.account,
    initialDataUpdatedAt: () => freshAccount()?.readAt,
  });
  useEffect(() => {
    // the account handed over by the sign-in page is stored already
    if (data && data !== getSession().account) storeAccount(data);
  }, [data]);
}

/** "<page> - RRP Console" in the current language. */
export function useDocumentTitle(): void {
  const findRoute = useFindRoute();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const route = findRoute(pathname);
  usePageTitle(route ? t(route.titleKey) : undefined);
}
