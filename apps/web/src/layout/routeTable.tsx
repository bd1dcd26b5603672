import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, type ReactNode, useCallback, useContext } from 'react';
import type { PermissionRule } from '../lib/access';
import type { LazyPage } from '../lib/lazyPage';
import type { SectionKey } from './sections';

/** One signed-in page of the console: the app's route table (app/routes.ts) lists them. */
export type ConsoleRoute = {
  path: string;
  /** i18n key of the page title (menu, tab, breadcrumb, document title) */
  titleKey: string;
  icon?: ComponentType;
  /** permission code needed to open the page (or any one of several); none means any signed-in member */
  permission?: PermissionRule;
  /** menu section parent; none puts the page at the top level of the menu */
  section?: SectionKey;
  hideInMenu?: boolean;
  /** the menu entry to highlight for a hidden page (e.g. a detail page) */
  activeMenu?: string;
  /** breadcrumb parent page path */
  parent?: string;
  /** keep the page mounted while its tab is open (default true) */
  cache?: boolean;
  /** whether its tab can be closed (default true) */
  closable?: boolean;
  page: LazyPage<ComponentType>;
  /** reads the page's data ahead of its first render (used when signing in lands on it) */
  prefetch?: (client: QueryClient) => Promise<unknown>;
};

function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** The entry of a path in a route table (its trailing slash ignored). */
export function findRoute(pathname: string, routes: readonly ConsoleRoute[]): ConsoleRoute | undefined {
  const p = normalise(pathname);
  return routes.find((r) => r.path === p);
}

const RouteTable = createContext<readonly ConsoleRoute[]>([]);

/** Hands the app's route table to the layout (menu, tabs, breadcrumb, kept-alive pages), which cannot import the app. */
export function RouteTableProvider({ routes, children }: { routes: readonly ConsoleRoute[]; children: ReactNode }) {
  return <RouteTable.Provider value={routes}>{children}</RouteTable.Provider>;
}

export const useRouteTable = (): readonly ConsoleRoute[] => useContext(RouteTable);

/** findRoute over the table the app handed down. */
export function useFindRoute(): (pathname: string) => ConsoleRoute | undefined {
  const routes = useRouteTable();
  return useCallback((pathname: string) => findRoute(pathname, routes), [routes]);
}
