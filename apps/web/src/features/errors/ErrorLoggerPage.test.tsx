import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../lib/api';
import { clearClientErrors, ERROR_LOG_KEY, ERROR_LOG_MAX, getClientErrors, installGlobalErrorCapture, recordClientError } from '../../lib/errorLog';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';

beforeEach(() => {
  resetState();
  clearClientErrors();
});

describe('error log', () => {
  test('keeps the last 50 entries, newest first, in localStorage too', () => {
    for (let i = 0; i < ERROR_LOG_MAX + 5; i++) recordClientError('error', `e${i}`, '/x');
    const list = getClientErrors();
    expect(list).toHaveLength(ERROR_LOG_MAX);
    expect(list[0].message).toBe(`e${ERROR_LOG_MAX + 4}`);
    expect(JSON.parse(localStorage.getItem(ERROR_LOG_KEY) ?? '[]')).toHaveLength(ERROR_LOG_MAX);
  });

  test('captures failed API calls and unhandled rejections', async () => {
    mockApi({ '/announcement/list': () => jsonResponse({ success: false, code: 24002, msg: 'pageNum 不合法', obj: null }, 400) });
    await api('POST /rrp/announcement/list', {}, { silent: true }).catch(() => undefined);
    installGlobalErrorCapture();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('boom') }));
    const types = getClientErrors().map((e) => e.type);
    expect(types).toEqual(['unhandledrejection', 'api']);
    expect(getClientErrors()[0].message).toBe('boom');
    expect(getClientErrors().find((e) => e.type === 'api')?.message).toContain('24002');
  });

  test('the page lists entries and clears them, then shows the empty state', async () => {
    signIn([]);
    mockApi();
    recordClientError('react', 'Cannot read properties of undefined', '/account');
    renderApp('/error-logger');
    await screen.findByText('Cannot read properties of undefined');
    expect(screen.getByText('页面渲染错误')).toBeTruthy();
    await userEvent.click(screen.getByTestId('error-logger-clear'));
    await userEvent.click(await screen.findByRole('button', { name: '确定' }));
    await screen.findByText('暂无错误记录');
    await waitFor(() => expect(localStorage.getItem(ERROR_LOG_KEY)).toBeNull());
  });
});
