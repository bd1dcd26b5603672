import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { seriousAxe } from '../../test/axe';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { ALARM_PERMS, ALARMS, alarmSetting, GROUPS, poolWarning } from './testFixtures';

/*
 * axe-core on the alarm pages as jsdom renders them: labels, names of buttons and inputs, ARIA
 * use. Colour contrast needs a real browser.
 */

beforeEach(() => {
  resetState();
  signIn(ALARM_PERMS);
  mockApi({
    '/poolWarning/query': () => poolWarning(),
    '/alarmSetting/list': () => ({ list: [alarmSetting()] }),
    '/alarmSetting/recommend': () => ({ devices: 4, thresholdMb: 321.45, averageMb: 120.5 }),
    '/device/group/list': () => ({ list: GROUPS }),
    '/alarm/list': () => ({ total: ALARMS.length, list: ALARMS, openUnhandled: 2 }),
  });
});

describe('alarm pages accessibility', () => {
  test('the settings page (pool form, settings table) and the setting dialog; both pages are in the service settings menu', async () => {
    renderApp('/alarm-settings');
    await screen.findByTestId('pool-warning-value');
    await screen.findByText('日流量超限');
    const menu = document.querySelector('.ant-menu') as HTMLElement;
    expect(within(menu).getByText('服务设置')).toBeTruthy();
    expect(
      await seriousAxe([
        '[data-testid="pool-card"]',
        '[data-testid="settings-card"] .ant-card-head',
        '[data-testid="settings-table"] thead',
        '[data-testid="settings-table"] tbody',
      ]),
    ).toEqual([]);
    await userEvent.click(screen.getByTestId('setting-add'));
    await screen.findByTestId('recommend-value');
    expect(await seriousAxe(['.ant-modal'])).toEqual([]);
  }, 90_000);

  test('the alarm list: filters, toolbar and table', async () => {
    renderApp('/alarm-list');
    await screen.findByTestId('alarm-row-A000001');
    expect(
      await seriousAxe(['.alarm-filters', '.alarm-toolbar', '[data-testid="alarm-table"] thead', '[data-testid="alarm-table"] tbody', '.ant-pagination']),
    ).toEqual([]);
  }, 90_000);
});
