import type { TAccountInfo } from '@rrp/contracts';
import { cleanup, render } from '@testing-library/react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { AppRoutes } from '../app/router';
import { wireHttp } from '../app/wireHttp';
import { resetCountries } from '../features/auth/api';
import { tabsStore } from '../layout/tabsStore';
import { resetHttpHooks } from '../lib/http';
import { queryClient } from '../lib/queryClient';
import { clearSession, startSession, storeAccount } from '../lib/session';

export type ApiHandler = (body: unknown, init: RequestInit) => unknown;
export type ApiCall = { url: string; body: unknown; headers: Record<string, string> };

export function envelope(obj: unknown) {
  return { success: true, code: 0, msg: 'ok', obj };
}

export function jsonResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
}

const DEFAULT_HANDLERS: Record<string, ApiHandler> = {
  '/account/query': () => {
    const perms = JSON.parse(localStorage.getItem('permissionsList') ?? '[]') as string[];
    return { ...ACCOUNT, permissionsList: perms };
  },
  '/account/overview': () => OVERVIEW,
  '/platform/contact': () => OVERVIEW.contact,
  '/announcement/list': () => ({ total: 0, list: [] }),
  '/country/list': () => COUNTRIES,
  '/account/company': () => COMPANY,
};

/**
 * Replaces fetch with a router over `/api/v1/rrp` paths. A handler returns the envelope's
 * obj (or a full Response). Unknown paths answer an empty success.
 */
export function mockApi(handlers: Record<string, ApiHandler> = {}) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.replace('/api/v1/rrp', '').split('?')[0];
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    calls.push({ url, body, headers: { ...(init.headers as Record<string, string>) } });
    const handler = handlers[path] ?? DEFAULT_HANDLERS[path];
    const out = handler ? handler(body, init) : {};
    if (out instanceof Response) return out;
    return jsonResponse(envelope(out));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((c) => c.url.endsWith(path)) };
}

export const ACCOUNT: TAccountInfo = {
  userId: 'u1',
  name: 'Alice',
  email: 'alice@example.com',
  telephone: '13800138000',
  jobTitle: '运营总监',
  roleName: '超级管理员',
  roleNames: ['超级管理员'],
  companyId: 'c1',
  companyName: '示例科技',
  certification: 'none',
  deductionSource: 0,
  locale: 'zh-CN',
  permissionsList: [],
};

/** A signed-in session holding the given permission codes. */
export function signIn(permissions: string[] = [], account: Partial<TAccountInfo> = {}) {
  startSession({ principal: 'member', token: 't0k3n', secretKey: 's3cr3t', permissionsList: permissions, deductionSource: 0 });
  storeAccount({ ...ACCOUNT, ...account, permissionsList: permissions });
}

export function resetState() {
  cleanup();
  clearSession();
  localStorage.clear();
  tabsStore.reset();
  queryClient.clear();
  resetCountries();
  resetHttpHooks();
  wireHttp();
}

/** The current location and a navigate function of a rendered app, from outside it (a number goes back or forward in the history). */
export type TestRouter = { state: { location: Location }; navigate: (to: string | number) => Promise<void> };

function RouterProbe({ into }: { into: { location?: Location; navigate?: NavigateFunction } }) {
  into.location = useLocation();
  into.navigate = useNavigate();
  return null;
}

/** Renders the whole app at a URL (the query cache is emptied by resetState). */
export function renderApp(url: string) {
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const utils = render(
    <Providers>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <RouterProbe into={probe} />
      </MemoryRouter>
    </Providers>,
  );
  const router: TestRouter = {
    state: {
      get location() {
        if (!probe.location) throw new Error('the router has not rendered');
        return probe.location;
      },
    },
    navigate: async (to) => {
      await (typeof to === 'number' ? probe.navigate?.(to) : probe.navigate?.(to));
    },
  };
  return { ...utils, router };
}

export const OVERVIEW = {
  licenseStock: 12,
  licenseExpiring30d: 2,
  onlineDevices: 40,
  totalDevices: 52,
  usageYesterdayMb: 512.5,
  usageMonthMb: 20480,
  dataTotalMb: 102400,
  dataRemainingMb: 51200,
  dataWarning: false,
  openAlarms: 0,
  certification: 'none',
  contact: {
    phone: '400-800-1234',
    email: 'support@rrp.local',
    officialSite: 'https://www.rrp.example',
    hours: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00', utcOffsetMinutes: 480 },
  },
  announcementResp: null,
};

export const COUNTRIES = [
  { code: 'CN', nameZh: '中国', nameEn: 'China' },
  { code: 'SG', nameZh: '新加坡', nameEn: 'Singapore' },
  { code: 'DE', nameZh: '德国', nameEn: 'Germany' },
];

export const COMPANY = {
  companyId: 'c1',
  name: '示例科技',
  country: 'CN',
  address: '上海市浦东新区世纪大道 100 号',
  certification: 'none',
  billing: 'independent',
  parentName: null,
  subCompanies: 0,
  members: 3,
  createdAt: '2025-11-20T08:30:00.000Z',
};

/** True when the element or an ancestor is hidden with display:none (a kept tab page). */
export function isHidden(el: Element | null): boolean {
  for (let n: Element | null = el; n; n = n.parentElement) {
    if ((n as HTMLElement).style?.display === 'none') return true;
  }
  return false;
}
