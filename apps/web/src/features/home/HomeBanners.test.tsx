import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, OVERVIEW, renderApp, resetState, signIn } from '../../test/utils';

beforeEach(() => {
  resetState();
});

const ALARMING = { ...OVERVIEW, dataWarning: true, openAlarms: 3 };

describe('overview banners', () => {
  test('a member who may manage alarms gets a link from each banner to its page', async () => {
    signIn(['SERVICE_SETTING', 'SERVICE_SETTING_ALARM_MANAGE']);
    mockApi({
      '/account/overview': () => ALARMING,
      '/alarm/list': () => ({ total: 0, list: [], openUnhandled: 0 }),
    });
    const { router } = renderApp('/home');
    const pool = within(await screen.findByTestId('banner-data-warning')).getByRole('link', { name: '查看预警策略' });
    expect(pool.getAttribute('href')).toBe('/alarm-settings');
    const alarms = within(screen.getByTestId('banner-alarm')).getByRole('link', { name: '查看告警' });
    expect(alarms.getAttribute('href')).toBe('/alarm-list');
    await userEvent.click(alarms);
    await waitFor(() => expect(router.state.location.pathname).toBe('/alarm-list'));
  });

  test('without the permission the banners show no links', async () => {
    signIn([]);
    mockApi({ '/account/overview': () => ALARMING });
    renderApp('/home');
    await screen.findByTestId('banner-data-warning');
    expect(screen.getByTestId('banner-alarm')).toBeTruthy();
    expect(screen.queryByTestId('banner-data-warning-link')).toBeNull();
    expect(screen.queryByTestId('banner-alarm-link')).toBeNull();
  });
});
