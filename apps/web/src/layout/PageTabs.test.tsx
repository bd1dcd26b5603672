import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { isHidden, mockApi, renderApp, resetState, signIn } from '../test/utils';
import { tabsStore } from './tabsStore';

beforeEach(() => {
  resetState();
  mockApi();
  signIn(['ACCOUNT', 'ACCOUNT_INFO']);
});

const tabBar = () => screen.getByTestId('page-tabs');
const closeButtonOf = (key: string) => screen.queryByTestId(`tab-close-${key}`);

describe('page tabs', () => {
  test('opening pages adds tabs; the home tab has no close button', async () => {
    const { router } = renderApp('/home');
    await screen.findByTestId('tab-/home');
    await act(() => router.navigate('/account'));
    await screen.findByTestId('tab-/account');
    expect(closeButtonOf('/home')).toBeNull();
    expect(closeButtonOf('/account')).not.toBeNull();
  });

  test('switching tabs keeps the page; closing its tab releases it', async () => {
    const { router } = renderApp('/account');
    await screen.findByText('个人信息');
    await act(() => router.navigate('/newspaper/list'));
    await screen.findByText('暂无公告');
    // the account page is kept (hidden) while its tab is open
    const kept = screen.getByText('个人信息');
    expect(isHidden(kept)).toBe(true);
    expect(isHidden(screen.getByText('暂无公告'))).toBe(false);

    const close = closeButtonOf('/account');
    expect(close).not.toBeNull();
    fireEvent.click(close as Element);
    await waitFor(() => expect(screen.queryByTestId('tab-/account')).toBeNull());
    expect(document.body.textContent).not.toContain('个人信息');
  });

  test('closing the active tab goes to its neighbour', async () => {
    const { router } = renderApp('/newspaper/list');
    await screen.findByTestId('tab-/newspaper/list');
    await act(() => router.navigate('/account'));
    await screen.findByTestId('tab-/account');
    fireEvent.click(closeButtonOf('/account') as Element);
    await waitFor(() => expect(router.state.location.pathname).toBe('/newspaper/list'));
  });

  test('right-click offers close others and close all', async () => {
    const { router } = renderApp('/newspaper/list');
    await screen.findByTestId('tab-/newspaper/list');
    await act(() => router.navigate('/account'));
    await screen.findByTestId('tab-/account');

    fireEvent.contextMenu(screen.getByTestId('tab-/account'));
    await userEvent.click(await screen.findByText('关闭其他'));
    await waitFor(() => expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home', '/account']));
    expect(within(tabBar()).queryByText('平台公告')).toBeNull();

    fireEvent.contextMenu(screen.getByTestId('tab-/account'));
    const closeAll = await screen.findAllByText('关闭全部');
    await userEvent.click(closeAll[closeAll.length - 1]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home']);
  });

  test('the keyboard moves between tabs with the arrows and closes one with Delete', async () => {
    const { router } = renderApp('/newspaper/list');
    await screen.findByTestId('tab-/newspaper/list');
    await act(() => router.navigate('/account'));
    await screen.findByTestId('tab-/account');
    const tabs = within(tabBar()).getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    tabs[2].focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tabs[1]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/newspaper/list'));
    await userEvent.keyboard('{Delete}');
    await waitFor(() => expect(screen.queryByTestId('tab-/newspaper/list')).toBeNull());
    // every child of the tab list is a tab
    expect([...(tabBar().querySelector('[role="tablist"]')?.children ?? [])].every((c) => c.getAttribute('role') === 'tab')).toBe(true);
  });

  test('the menu widths follow the language and collapse to 64', async () => {
    renderApp('/home');
    await screen.findByTestId('side-menu');
    const sider = document.querySelector('.console-sider') as HTMLElement;
    expect(sider.style.width).toBe('217px');
    await userEvent.click(screen.getByRole('button', { name: '收起菜单' }));
    await waitFor(() => expect(sider.style.width).toBe('64px'));
  });
});
