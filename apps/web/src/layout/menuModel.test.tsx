import { HomeOutlined } from '@ant-design/icons';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, test } from 'vitest';
import { CONSOLE_ROUTES } from '../app/routes';
import { loadNamespaces } from '../i18n';
import { holds } from '../lib/access';
import { mockApi, OVERVIEW, renderApp, resetState, signIn } from '../test/utils';
import { buildMenu } from './menuModel';
import type { ConsoleRoute } from './routeTable';

const page = (() => null) as unknown as ConsoleRoute['page'];
const r = (path: string, extra: Partial<ConsoleRoute> = {}): ConsoleRoute => ({ path, titleKey: `t${path}`, page, ...extra });
const TABLE: ConsoleRoute[] = [
  r('/home', { icon: HomeOutlined as ComponentType }),
  r('/device', { permission: 'DEVICE_IMPORT', section: 'deviceImport' }),
  r('/device-logs', { permission: 'DEVICE_IMPORT', section: 'deviceImport' }),
  r('/settings', { permission: 'SERVICE_SETTING_MONITORSTRATEGY_INFO', section: 'serviceSettings' }),
  r('/alarm-list', { permission: 'SERVICE_SETTING_ALARM_MANAGE', section: 'serviceSettings' }),
  r('/account', { permission: 'ACCOUNT_INFO', section: 'accountManagement' }),
  r('/order', { permission: 'ACCOUNT_ORDER', section: 'accountManagement' }),
  r('/user', { permission: 'USER_LIST', section: 'memberAuthority' }),
  r('/document', { hideInMenu: true }),
];
const holding = (codes: string[]) => (route: ConsoleRoute) => holds(codes, route.permission);
const keys = (nodes: ReturnType<typeof buildMenu>): unknown[] => nodes.map((n) => (n.children ? { [n.key]: keys(n.children) } : n.key));

describe('menu model', () => {
  test('only pages whose permission is held, grouped under their sections', () => {
    const menu = buildMenu(TABLE, holding(['DEVICE_IMPORT', 'SERVICE_SETTING_ALARM_MANAGE', 'ACCOUNT_INFO']));
    expect(keys(menu)).toEqual([
      '/home',
      { 'section:deviceImport': ['/device', '/device-logs'] },
      { 'section:serviceSettings': ['/alarm-list'] },
      { 'section:accountManagement': ['/account'] },
    ]);
  });

  test('a section with no visible page is hidden', () => {
    const menu = buildMenu(TABLE, holding(['USER_LIST']));
    expect(keys(menu)).toEqual(['/home', { 'section:memberAuthority': ['/user'] }]);
  });

  test('hidden pages never appear, even with every permission', () => {
    const menu = buildMenu(TABLE, () => true);
    expect(JSON.stringify(keys(menu))).not.toContain('/document');
  });
});

describe('side menu', () => {
  beforeEach(() => {
    resetState();
    mockApi({ '/account/overview': () => OVERVIEW });
  });

  test('without ACCOUNT_INFO the account management section is not shown', async () => {
    signIn([]);
    renderApp('/home');
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).getByText('首页')).toBeTruthy();
    expect(within(menu).getByText('平台公告')).toBeTruthy();
    expect(within(menu).queryByText('账户管理')).toBeNull();
    expect(within(menu).queryByText('帮助文档')).toBeNull();
  });

  test('with ACCOUNT_INFO the section and its page are shown', async () => {
    signIn(['ACCOUNT', 'ACCOUNT_INFO']);
    renderApp('/account');
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).getByText('账户管理')).toBeTruthy();
    expect(within(menu).getByText('账户信息')).toBeTruthy();
  });

  test('every route title and section title has a translation', async () => {
    const { default: i18n } = await import('i18next');
    // the menu catalogue comes with the console; load it here whatever ran before
    await loadNamespaces(['menu']);
    for (const route of CONSOLE_ROUTES) expect(i18n.exists(route.titleKey), route.titleKey).toBe(true);
  });
});
