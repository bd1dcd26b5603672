import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { jsonResponse, mockApi, renderApp, resetState } from '../../test/utils';

beforeEach(() => resetState());

describe('invitation page', () => {
  test('shows who it is for, refuses a weak password, and joins with a good one', async () => {
    const a = mockApi({
      '/user/invitation/check': () => ({ name: '赵六', mail: 'zhao@demo.example', companyName: '演示科技', expiresAt: '2026-12-01T00:00:00Z' }),
    });
    const { router } = renderApp('/invite?token=abc');
    expect(await screen.findByText('赵六')).toBeTruthy();
    expect(screen.getByText('您受邀加入 演示科技')).toBeTruthy();
    await userEvent.type(screen.getByTestId('invite-password'), 'password');
    await userEvent.type(screen.getByTestId('invite-confirm'), 'password');
    await userEvent.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(screen.getAllByRole('alert').length).toBeGreaterThan(0));
    expect(a.callsTo('/user/invitation/accept')).toHaveLength(0);

    await userEvent.clear(screen.getByTestId('invite-password'));
    await userEvent.clear(screen.getByTestId('invite-confirm'));
    await userEvent.type(screen.getByTestId('invite-password'), 'Zhao#2026ok');
    await userEvent.type(screen.getByTestId('invite-confirm'), 'Zhao#2026ok');
    await userEvent.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(a.callsTo('/user/invitation/accept')).toHaveLength(1));
    expect(a.callsTo('/user/invitation/accept')[0].body).toEqual({ token: 'abc', password: 'Zhao#2026ok', confirmPassword: 'Zhao#2026ok' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('a used or expired link says so, with the way to sign in', async () => {
    mockApi({
      '/user/invitation/check': () => jsonResponse({ success: false, code: 30004, msg: '邀请链接无效或已过期，请联系管理员重新邀请', obj: null }, 400),
    });
    renderApp('/invite?token=used');
    expect(await screen.findByTestId('invite-invalid')).toBeTruthy();
    expect(screen.getByText('邀请链接无效或已过期，请联系管理员重新邀请')).toBeTruthy();
    expect(screen.getByTestId('invite-login')).toBeTruthy();
  });
});
