import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../test/utils';

beforeEach(() => {
  resetState();
  mockApi();
});

const path = (r: { state: { location: { pathname: string; search: string } } }) => r.state.location.pathname + r.state.location.search;

describe('route guard', () => {
  test('/ goes to /login', async () => {
    const { router } = renderApp('/');
    await screen.findByTestId('login-submit');
    expect(router.state.location.pathname).toBe('/login');
  });

  test('a signed-out person opening a console page goes to /login with a redirect', async () => {
    const { router } = renderApp('/account');
    await screen.findByTestId('login-submit');
    expect(path(router)).toBe('/login?redirect=%2Faccount');
  });

  test('a signed-out person opening an unknown page also goes to /login', async () => {
    const { router } = renderApp('/no/such/page');
    await screen.findByTestId('login-submit');
    expect(path(router)).toBe('/login?redirect=%2Fno%2Fsuch%2Fpage');
  });

  test('a signed-out person opening /401 goes to /login with a redirect', async () => {
    const { router } = renderApp('/401');
    await screen.findByTestId('login-submit');
    expect(path(router)).toBe('/login?redirect=%2F401');
  });

  test('public pages stay reachable when signed out', async () => {
    const { router } = renderApp('/privacy-policy-en');
    await screen.findByRole('heading', { level: 1, name: /Privacy Policy/ });
    expect(router.state.location.pathname).toBe('/privacy-policy-en');
  });

  test('a page whose permission is not held goes to /401', async () => {
    signIn([]);
    const { router } = renderApp('/account');
    await screen.findByText('抱歉，您没有访问此页面的权限。如需开通，请联系贵公司的管理员。');
    expect(router.state.location.pathname).toBe('/401');
  });

  test('the same page opens when the permission is held', async () => {
    signIn(['ACCOUNT', 'ACCOUNT_INFO']);
    const { router } = renderApp('/account');
    await screen.findByText('个人信息');
    expect(router.state.location.pathname).toBe('/account');
  });

  test('an unknown path shows the 404 page', async () => {
    signIn([]);
    const { router } = renderApp('/no/such/page');
    await screen.findByText('抱歉，您访问的页面不存在。');
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  test('a signed-in person at /login goes to /home', async () => {
    signIn([]);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await screen.findByText('License 库存');
  });

  test('a signed-in person at /login?redirect= goes to that page', async () => {
    signIn(['ACCOUNT_INFO']);
    const { router } = renderApp('/login?redirect=%2Faccount');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  test('an external redirect target is ignored', async () => {
    signIn([]);
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  test('code 88003 from the server ends the session and returns to login', async () => {
    signIn([]);
    mockApi({ '/account/overview': () => jsonResponse({ success: false, code: 88003, msg: '登录已失效，请重新登录', obj: null }, 401) });
    const { router } = renderApp('/home');
    await screen.findByTestId('login-submit');
    expect(path(router)).toBe('/login?redirect=%2Fhome');
    expect(localStorage.getItem('hasToken')).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });
});
