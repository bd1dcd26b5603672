import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
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
      '/user/login': () => ({ token: 'tok-1', secretKey: 'sec-1', permissionsList: ['ACCOUNT', 'ACCOUNT_INFO'], deductionSource: 0 }),
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
      '/user/login': () => ({ token: 't', secretKey: 's', permissionsList: ['ACCOUNT_INFO'], deductionSource: 0 }),
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
});
