import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { queryClient } from '../../lib/queryClient';
import { startSession } from '../../lib/session';
import { mockApi, OVERVIEW, renderApp, resetState, signIn } from '../../test/utils';

const UNREAD = {
  id: '0b9a1459-0000-4000-8000-000000000010',
  title: '网络维护通知',
  content: '12 月 5 日凌晨维护。',
  publishedAt: '2026-11-20T02:00:00Z',
  read: false,
};

beforeEach(() => {
  resetState();
  signIn([]);
});

describe('overview', () => {
  test('shows the figures, with usage marked T+1 UTC and no banners when all is well', async () => {
    mockApi({ '/account/overview': () => OVERVIEW });
    renderApp('/home');
    await screen.findByText('License 库存');
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('40')).toBeTruthy();
    expect(screen.getByText('/ 52')).toBeTruthy();
    expect(screen.getAllByText('T+1 · UTC')).toHaveLength(2);
    expect(screen.getByText('50 GB')).toBeTruthy();
    expect(screen.queryByTestId('banner-data-warning')).toBeNull();
    expect(screen.queryByTestId('banner-alarm')).toBeNull();
    expect(screen.getByText('完成企业认证可获赠 50 个 License 和 5G 流量，审核需 1-3 个工作日。')).toBeTruthy();
  });

  test('data warning and open alarms show their banners', async () => {
    mockApi({ '/account/overview': () => ({ ...OVERVIEW, dataWarning: true, openAlarms: 3 }) });
    renderApp('/home');
    await screen.findByTestId('banner-data-warning');
    expect(within(screen.getByTestId('banner-alarm')).getByText('当前有 3 条未处理的告警，请尽快查看。')).toBeTruthy();
  });

  test('an unread newest announcement opens by itself and can be marked read', async () => {
    const api = mockApi({ '/account/overview': () => ({ ...OVERVIEW, announcementResp: UNREAD }) });
    renderApp('/home');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('网络维护通知')).toBeTruthy();
    await userEvent.click(screen.getByTestId('announcement-mark-read'));
    await waitFor(() => expect(api.callsTo('/announcement/mark')).toHaveLength(1));
    expect(api.callsTo('/announcement/mark')[0].body).toEqual({ id: UNREAD.id, read: true });
  });

  test('closed with ×, an unread announcement does not open again in the same session, but does in the next', async () => {
    mockApi({ '/account/overview': () => ({ ...OVERVIEW, announcementResp: UNREAD }) });
    renderApp('/home');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));

    // a reload: the page starts again with the same session
    cleanup();
    queryClient.clear();
    renderApp('/home');
    await screen.findByText('License 库存');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog')).toBeNull();

    // signed in again: a new session
    cleanup();
    queryClient.clear();
    startSession({ principal: 'member', token: 'another-session', secretKey: 's', permissionsList: [], deductionSource: 0 });
    renderApp('/home');
    expect(within(await screen.findByRole('dialog')).getByText('网络维护通知')).toBeTruthy();
  });

  test('a read announcement does not open by itself, but the bell opens it', async () => {
    mockApi({ '/account/overview': () => ({ ...OVERVIEW, announcementResp: { ...UNREAD, read: true } }) });
    renderApp('/home');
    await screen.findByText('License 库存');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByTestId('header-bell'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('网络维护通知')).toBeTruthy();
  });
});
