import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { clearSession, storeAccount } from '../lib/session';
import { claimUserData, HISTORY_STORAGE_KEY, OWNER_STORAGE_KEY, TABS_STORAGE_KEY } from '../lib/userData';
import { ACCOUNT, jsonResponse, mockApi, renderApp, resetState, signIn } from '../test/utils';
import { HOME_TAB, tabsStore } from './tabsStore';

beforeEach(() => resetState());

const tabKeys = () => tabsStore.get().tabs.map((t) => t.key);
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as { key: string }[] | null;

/** Tabs and history left in this browser by an account. */
function leaveTabsOf(owner: string) {
  localStorage.setItem(TABS_STORAGE_KEY, JSON.stringify([HOME_TAB, { key: '/account', url: '/account', titleKey: 'menu:page.account', closable: true }]));
  localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify([{ key: '/account', url: '/account', titleKey: 'menu:page.account', time: 1 }]));
  localStorage.setItem(OWNER_STORAGE_KEY, owner);
  tabsStore.reload();
}

describe('stored tabs belong to one person', () => {
  test('claiming keeps the owner’s data and drops anyone else’s (or unowned data)', () => {
    leaveTabsOf('u1');
    expect(claimUserData('u1')).toBe(false);
    expect(localStorage.getItem(TABS_STORAGE_KEY)).not.toBeNull();
    expect(claimUserData('u2')).toBe(true);
    expect(localStorage.getItem(TABS_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_STORAGE_KEY)).toBe('u2');
    localStorage.removeItem(OWNER_STORAGE_KEY);
    localStorage.setItem(TABS_STORAGE_KEY, '[]');
    expect(claimUserData('u2')).toBe(true);
    expect(localStorage.getItem(TABS_STORAGE_KEY)).toBeNull();
  });

  test('an account read for another person resets the tabs in memory too', () => {
    leaveTabsOf('someone-else');
    expect(tabKeys()).toEqual(['/home', '/account']);
    storeAccount({ ...ACCOUNT, userId: 'u1' });
    expect(tabKeys()).toEqual(['/home']);
    expect(tabsStore.get().history).toEqual([]);
  });

  test('signing out clears the tabs and the recent pages', async () => {
    signIn(['ACCOUNT', 'ACCOUNT_INFO']);
    mockApi();
    const { router } = renderApp('/account');
    await screen.findByTestId('tab-/account');
    expect(stored(TABS_STORAGE_KEY)?.map((t) => t.key)).toEqual(['/home', '/account']);
    await userEvent.click(screen.getByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tabKeys()).toEqual(['/home']);
    expect(tabsStore.get().history).toEqual([]);
    expect(localStorage.getItem(TABS_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(OWNER_STORAGE_KEY)).toBeNull();
  });

  test.each([88003, 88016])('a session ended by the server (%i) clears them too', async (code) => {
    signIn(['ACCOUNT', 'ACCOUNT_INFO']);
    mockApi();
    const { router } = renderApp('/account');
    await screen.findByTestId('tab-/account');
    mockApi({ '/announcement/list': () => jsonResponse({ success: false, code, msg: '登录已失效，请重新登录', obj: null }, 401) });
    await router.navigate('/newspaper/list');
    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/login');
    expect(tabKeys()).toEqual(['/home']);
    expect(tabsStore.get().history).toEqual([]);
    expect(localStorage.getItem(TABS_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
  });

  test('a direct clearSession (another tab signed out) leaves only home', () => {
    leaveTabsOf('u1');
    clearSession();
    expect(tabKeys()).toEqual(['/home']);
    expect(localStorage.getItem(TABS_STORAGE_KEY)).toBeNull();
  });
});
