import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

beforeEach(() => resetState());
afterEach(async () => {
  await changeLocale('zh-CN');
  localStorage.removeItem('locale');
});

describe('language switch', () => {
  test('on the login page: stores the choice, translates the page, sends Accept-Language, no changeLocal', async () => {
    const api = mockApi();
    renderApp('/login');
    await screen.findByText('欢迎登录');
    await userEvent.click(screen.getByTestId('lang-switch'));
    await userEvent.click(await screen.findByTestId('lang-en'));
    await screen.findByText('Sign in to RRP Console with your mobile number or e-mail');
    expect(localStorage.getItem('locale')).toBe('en');
    expect(i18next.language).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(api.callsTo('/user/changeLocal')).toHaveLength(0);
  });

  test('signed in: tells the server (changeLocal) and later calls speak English', async () => {
    signIn([]);
    const api = mockApi();
    renderApp('/home');
    await screen.findByText('License 库存');
    await userEvent.click(screen.getByTestId('lang-switch'));
    await userEvent.click(await screen.findByTestId('lang-en'));
    await screen.findByText('Licenses in stock');
    await waitFor(() => expect(api.callsTo('/user/changeLocal')).toHaveLength(1));
    const [call] = api.callsTo('/user/changeLocal');
    expect(call.body).toEqual({ localCode: 'en' });
    expect(call.headers['X-Sign']).toBeDefined();
    await waitFor(() => expect(api.calls.at(-1)?.headers['Accept-Language']).toBe('en'));
    // the menu is wider in English
    expect((document.querySelector('.console-sider') as HTMLElement).style.width).toBe('247px');
  });
});
