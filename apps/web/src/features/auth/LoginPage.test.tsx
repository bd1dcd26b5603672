import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { tabsStore } from '../../layout/tabsStore';
import { HISTORY_STORAGE_KEY, OWNER_STORAGE_KEY, TABS_STORAGE_KEY } from '../../lib/userData';
import { ACCOUNT, jsonResponse, mockApi, OVERVIEW, renderApp, resetState } from '../../test/utils';

let keys: CryptoKeyPair;
let pem: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, [
    'encrypt',
    'decrypt',
  ]);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const b64 = btoa(String.fromCharCode(...spki));
  pem = `-----BEGIN PUBLIC KEY-----\n${b64.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
});

async function decrypt(b64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytes));
}

beforeEach(() => resetState());
afterEach(async () => {
  await changeLocale('zh-CN');
  localStorage.removeItem('locale');
});

const SIGN_IN = {
  '/user/publicKey': () => ({ keyId: 'k1', publicKey: pem }),
  '/user/login': () => ({ principal: 'member', token: 'tok-1', secretKey: 'sec-1', permissionsList: ['ACCOUNT', 'ACCOUNT_INFO'], deductionSource: 0 }),
  '/account/query': () => ({ ...ACCOUNT, permissionsList: ['ACCOUNT', 'ACCOUNT_INFO'] }),
  '/account/overview': () => OVERVIEW,
};

/** Tabs and recent pages left in this browser by an account. */
function leaveTabsOf(owner: string) {
  localStorage.setItem(
    TABS_STORAGE_KEY,
    JSON.stringify([
      { key: '/home', url: '/home', titleKey: 'menu:page.home', closable: false },
      { key: '/account', url: '/account', titleKey: 'menu:page.account', closable: true },
    ]),
  );
  localStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify([{ key: '/account', url: '/account', titleKey: 'menu:page.account', time: 1 }]));
  localStorage.setItem(OWNER_STORAGE_KEY, owner);
  tabsStore.reload();
}

const captchaSrc = () => (screen.getByTestId('login-captcha-img') as HTMLImageElement).getAttribute('src') ?? '';

async function fillLogin(account: string, password: string, captcha: string) {
  await userEvent.type(screen.getByTestId('login-account'), account);
  await userEvent.type(screen.getByTestId('login-password'), password);
  await userEvent.type(screen.getByTestId('login-captcha'), captcha);
  await userEvent.click(screen.getByTestId('login-submit'));
}

describe('login page', () => {
  test('the account must be a mobile number or an e-mail', async () => {
    const api = mockApi();
    renderApp('/login');
    await screen.findByTestId('login-submit');
    await fillLogin('not-an-account', 'whatever', 'abcd');
    await screen.findByText('账号信息格式不正确，请输入手机号或邮箱');
    expect(api.callsTo('/user/login')).toHaveLength(0);
  });

  test('clicking the captcha image asks for a new one with a fresh UUID', async () => {
    mockApi();
    renderApp('/login');
    await screen.findByTestId('login-captcha-img');
    const first = captchaSrc();
    expect(first).toMatch(/^\/api\/v1\/rrp\/captcha\/generator\/[0-9a-f-]{36}$/);
    await userEvent.click(screen.getByTestId('login-captcha-img'));
    expect(captchaSrc()).not.toBe(first);
  });

  test('signs in with RSA-encrypted fields, stores the session, loads the account and opens home', async () => {
    const api = mockApi({
      '/user/publicKey': () => ({ keyId: 'k1', publicKey: pem }),
      '/user/login': () => ({ principal: 'member', token: 'tok-1', secretKey: 'sec-1', permissionsList: ['ACCOUNT', 'ACCOUNT_INFO'], deductionSource: 0 }),
      '/account/query': () => ({ ...ACCOUNT, permissionsList: ['ACCOUNT', 'ACCOUNT_INFO'] }),
      '/account/overview': () => OVERVIEW,
    });
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    const captchaId = captchaSrc().split('/').pop();
    await fillLogin('alice@example.com', 'Secret#123', 'abcd');

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByText('登录成功');
    const [login] = api.callsTo('/user/login');
    const body = login.body as Record<string, string>;
    expect(body.key).toBe(captchaId);
    expect(body.pictureCaptcha).toBe('abcd');
    expect(body.keyId).toBe('k1');
    expect(body.name).not.toContain('alice');
    expect(await decrypt(body.name)).toBe('alice@example.com');
    expect(await decrypt(body.password)).toBe('Secret#123');

    const [query] = api.callsTo('/account/query');
    expect(query.headers['X-Token']).toBe('tok-1');
    expect(document.cookie).toContain('token=tok-1');
    expect(document.cookie).toContain('secretKey=sec-1');
    expect(localStorage.getItem('hasToken')).toBe('true');
    expect(JSON.parse(localStorage.getItem('permissionsList') ?? '[]')).toEqual(['ACCOUNT', 'ACCOUNT_INFO', 'DEDUCTION_SOURCE']);
    expect(JSON.parse(localStorage.getItem('accountInfo') ?? '{}').telephone).toBe('13800138000');
    await screen.findByTestId('header-account');
    expect(screen.getByTestId('header-account').textContent).toContain('13800138000');
  });

  test('goes to the redirect page after signing in', async () => {
    mockApi({
      '/user/publicKey': () => ({ keyId: 'k1', publicKey: pem }),
      '/user/login': () => ({ principal: 'member', token: 't', secretKey: 's', permissionsList: ['ACCOUNT_INFO'], deductionSource: 0 }),
      '/account/query': () => ({ ...ACCOUNT, permissionsList: ['ACCOUNT_INFO'] }),
    });
    const { router } = renderApp('/login?redirect=%2Faccount');
    await screen.findByTestId('login-submit');
    await fillLogin('13800138000', 'Secret#123', 'abcd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  test('a failed sign-in shows the server message and refreshes the captcha', async () => {
    mockApi({
      '/user/publicKey': () => ({ keyId: 'k1', publicKey: pem }),
      '/user/login': () => jsonResponse({ success: false, code: 29001, msg: '图形验证码错误或已过期', obj: null }, 400),
    });
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    const before = captchaSrc();
    await fillLogin('13800138000', 'Secret#123', 'zzzz');
    await screen.findByText('图形验证码错误或已过期');
    await waitFor(() => expect(captchaSrc()).not.toBe(before));
    expect((screen.getByTestId('login-captcha') as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('hasToken')).toBeNull();
  });

  test('the console uses the account read at sign-in instead of reading it again', async () => {
    const api = mockApi(SIGN_IN);
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    await fillLogin('alice@example.com', 'Secret#123', 'abcd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByText('License 库存');
    expect(api.callsTo('/account/query')).toHaveLength(1);
  });

  test('without a choice on this device the account’s language is adopted and the account read again in it', async () => {
    const api = mockApi({
      ...SIGN_IN,
      '/account/query': (_b, init) => {
        const en = (init.headers as Record<string, string>)['Accept-Language'] === 'en';
        return { ...ACCOUNT, locale: 'en', roleName: en ? 'Super administrator' : '超级管理员', permissionsList: [] };
      },
    });
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    await fillLogin('alice@example.com', 'Secret#123', 'abcd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByText('Licenses in stock');
    expect(i18next.language).toBe('en');
    await waitFor(() => expect(screen.getByTestId('header-account').textContent).toContain('Super administrator'));
    const reads = api.callsTo('/account/query');
    expect(reads).toHaveLength(2);
    expect(reads[1].headers['Accept-Language']).toBe('en');
  });

  describe('the language at sign-in', () => {
    const browserLanguages = (languages: string[]) => Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
    afterEach(() => browserLanguages(['en-US', 'en']));

    test('an English browser signs in to an English console although the account says Chinese, and the server learns it', async () => {
      browserLanguages(['en-US']);
      await i18next.changeLanguage('en');
      const api = mockApi({ ...SIGN_IN, '/user/changeLocal': () => null, '/account/query': () => ({ ...ACCOUNT, locale: 'zh-CN', permissionsList: [] }) });
      const { router } = renderApp('/login');
      await screen.findByTestId('login-submit');
      await fillLogin('alice@example.com', 'Secret#123', 'abcd');
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      await screen.findByText('Login successful');
      expect(screen.queryByText('登录成功')).toBeNull();
      expect(i18next.language).toBe('en');
      await waitFor(() => expect(api.callsTo('/user/changeLocal')).toHaveLength(1));
      expect(api.callsTo('/user/changeLocal')[0].body).toEqual({ localCode: 'en' });
      expect(localStorage.getItem('locale')).toBe('en');
    });

    test('with no preference at all the page showed the default, and the account’s language applies, the toast included', async () => {
      browserLanguages(['fr-FR', 'de']);
      const api = mockApi({ ...SIGN_IN, '/user/changeLocal': () => null, '/account/query': () => ({ ...ACCOUNT, locale: 'en', permissionsList: [] }) });
      const { router } = renderApp('/login');
      await screen.findByTestId('login-submit');
      await fillLogin('alice@example.com', 'Secret#123', 'abcd');
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      await screen.findByText('Login successful');
      expect(i18next.language).toBe('en');
      expect(api.callsTo('/user/changeLocal')).toHaveLength(0);
    });
  });

  test('another account signing in on this browser starts with only home', async () => {
    leaveTabsOf('someone-else');
    mockApi(SIGN_IN);
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    await fillLogin('alice@example.com', 'Secret#123', 'abcd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByTestId('tab-/home');
    expect(screen.queryByTestId('tab-/account')).toBeNull();
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home']);
    expect(tabsStore.get().history.map((h) => h.key)).toEqual(['/home']);
    expect(localStorage.getItem(OWNER_STORAGE_KEY)).toBe(ACCOUNT.userId);
  });

  test('the same account signing in again finds its tabs', async () => {
    leaveTabsOf(ACCOUNT.userId);
    mockApi(SIGN_IN);
    const { router } = renderApp('/login');
    await screen.findByTestId('login-submit');
    await fillLogin('alice@example.com', 'Secret#123', 'abcd');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByTestId('tab-/account');
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home', '/account']);
  });
});

describe('forgot password', () => {
  test('the dialog loads on first click, checks the fields and resets the password', async () => {
    const api = mockApi();
    renderApp('/login');
    await userEvent.click(await screen.findByTestId('forgot-open'));
    await screen.findByText('找回密码');
    const email = await screen.findByTestId('forgot-email');
    await userEvent.click(screen.getByRole('button', { name: /重置密码/ }));
    await screen.findByText('请输入邮箱');
    expect(api.callsTo('/user/forget/password')).toHaveLength(0);

    await userEvent.type(email, 'alice@example.com');
    await userEvent.click(screen.getByTestId('forgot-send-code'));
    await waitFor(() => expect(api.callsTo('/send/verifyCode')).toHaveLength(1));
    expect(api.callsTo('/send/verifyCode')[0].body).toEqual({ email: 'alice@example.com', purpose: 'reset', locale: 'zh-CN' });
    await userEvent.type(screen.getByTestId('forgot-code'), '123456');
    await userEvent.type(screen.getByTestId('forgot-password'), 'Good#Pass9');
    await userEvent.type(screen.getByTestId('forgot-confirm'), 'Good#Pass9');
    await userEvent.click(screen.getByRole('button', { name: /重置密码/ }));
    await waitFor(() => expect(api.callsTo('/user/forget/password')).toHaveLength(1));
    expect(api.callsTo('/user/forget/password')[0].body).toEqual({
      email: 'alice@example.com',
      code: '123456',
      password: 'Good#Pass9',
      confirmPassword: 'Good#Pass9',
    });
    await screen.findByText('密码已重置，请使用新密码登录');
  });
});
