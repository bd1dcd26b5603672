import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { seriousAxe } from '../../test/axe';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { COMPANY_OPTIONS, coverReport, deviceReport, flowReport, REPORT_PERMS, stabilityReport, subscription } from './testFixtures';

/*
 * axe-core on the report page as jsdom renders it: names of the controls, charts as labelled
 * images with their figures as tables, tables, the subscription dialog. Colour contrast needs a
 * real browser (the series colours are checked in chartOptions.test.ts).
 */

beforeEach(() => {
  resetState();
  signIn(REPORT_PERMS);
  mockApi({
    '/company/options': () => COMPANY_OPTIONS,
    '/report/flow': () => flowReport(),
    '/report/device': () => deviceReport(),
    '/report/stability': () => stabilityReport(),
    '/report/cover': () => coverReport(),
    '/report/subscription/list': () => [subscription()],
  });
});

describe('operation report accessibility', () => {
  test('the head, the overview and the stability tab', async () => {
    renderApp('/report');
    await within(await screen.findByTestId('kpi-zeroUsage')).findByText('3');
    await screen.findByTestId('chart-overview-switches');
    expect(await seriousAxe(['.report-head', '.report-tabs .ant-tabs-nav', '[data-testid="report-overview"]'])).toEqual([]);
    await userEvent.click(screen.getByRole('tab', { name: /稳定性/ }));
    await screen.findByTestId('report-stability');
    expect(await seriousAxe(['[data-testid="report-stability"]'])).toEqual([]);
  }, 90_000);

  test('the subscription dialog', async () => {
    renderApp('/report');
    await userEvent.click(await screen.findByTestId('report-subscribe'));
    await screen.findByText('稳定性报表，近 90 天');
    expect(await seriousAxe(['.ant-modal'])).toEqual([]);
  }, 60_000);
});
