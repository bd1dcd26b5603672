import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { ACCOUNT, mockApi, renderApp, resetState, signIn } from '../../test/utils';

beforeEach(() => resetState());
afterEach(async () => {
  await changeLocale('zh-CN');
  localStorage.removeItem('locale');
});

/** The account as the server words it: sample role names follow Accept-Language. */
const accountInLanguage = (_body: unknown, init: RequestInit) => {
  const en = (init.headers as Record<string, string>)['Accept-Language'] === 'en';
  return { ...ACCOUNT, roleName: en ? 'Super administrator' : '超级管理员', permissionsList: [] };
};

describe('language switch on the public pages', () => {
  test('on the login page: stores the choice, translates the page, sends Accept-Language, no changeLocal', async () => {
    const api = mockApi();
    renderApp('/login');
    await screen.findByText('欢迎登录');
    // the console's catalogues are not part of the sign-in page
    expect(i18next.hasResourceBundle('zh-CN', 'layout')).toBe(false);
    await userEvent.click(screen.getByTestId('lang-switch'));
    await userEvent.click(await screen.findByTestId('lang-en'));
    await screen.findByText('Sign in to RRP Console with your mobile number or e-mail');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18next.hasResourceBundle('en', 'layout')).toBe(false);
    expect(api.callsTo('/user/changeLocal')).toHaveLength(0);
  });

  test('the list opens from the button, marks the current language, and closes on Escape or a click outside', async () => {
    mockApi();
    renderApp('/login');
    const trigger = await screen.findByTestId('lang-switch');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('lang-en')).toBeNull();

    await userEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('lang-zh-CN').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('lang-en').getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('lang-zh-CN')));
    fireEvent.keyDown(screen.getByTestId('lang-zh-CN'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('lang-en'));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('lang-en')).toBeNull();

    await userEvent.click(trigger);
    await screen.findByTestId('lang-en');
    await userEvent.click(screen.getByText('欢迎登录'));
    expect(screen.queryByTestId('lang-en')).toBeNull();
    expect(i18next.language).toBe('zh-CN');
  });

  test('on the legal pages too', async () => {
    mockApi();
    renderApp('/terms-of-use');
    await userEvent.click(await screen.findByTestId('lang-switch'));
    await userEvent.click(await screen.findByTestId('lang-en'));
    await screen.findByRole('heading', { level: 1, name: 'RRP IoT Connectivity Console Service Agreement' });
  });
});

describe('language switch in the console', () => {
  test('signed in: tells the server (changeLocal), later calls speak English, and the role name is read again', async () => {
    signIn([]);
    const api = mockApi({ '/account/query': accountInLanguage });
    renderApp('/home');
    await screen.findByText('License 库存');
    expect(dayjs.locale()).toBe('zh-cn');
    await waitFor(() => expect(screen.getByTestId('header-account').textContent).toContain('超级管理员'));
    await userEvent.click(screen.getByTestId('lang-switch'));
    await userEvent.click(await screen.findByTestId('lang-en'));
    await screen.findByText('Licenses in stock');
    await waitFor(() => expect(api.callsTo('/user/changeLocal')).toHaveLength(1));
    const [call] = api.callsTo('/user/changeLocal');
    expect(call.body).toEqual({ localCode: 'en' });
    expect(call.headers['X-Sign']).toBeDefined();
    await waitFor(() => expect(api.calls.at(-1)?.headers['Accept-Language']).toBe('en'));
    await waitFor(() => expect(screen.getByTestId('header-account').textContent).toContain('Super administrator'));
    expect(dayjs.locale()).toBe('en');
    // the menu is wider in English
    expect((document.querySelector('.console-sider') as HTMLElement).style.width).toBe('247px');
  });
});
