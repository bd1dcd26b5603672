import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { detection, IMEI, RESULT } from './testFixtures';

/* axe-core as jsdom renders the page (colour contrast needs a real browser): one render, the result and the history shown. */

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});

test('the detection page with a result and history has no serious accessibility violations', async () => {
  const done = detection({ state: 'done', finishedAt: new Date().toISOString(), result: RESULT });
  mockApi({ '/detection/start': () => done, '/detection/list': () => ({ list: [done] }) });
  renderApp(`/network-detection?imei=${IMEI}`);
  await userEvent.type(await screen.findByTestId('detection-domain'), 'www.baidu.com');
  await userEvent.click(screen.getByTestId('detection-start'));
  await screen.findByTestId('detection-result');
  const result = await axe.run({ include: [['.detection-page']] } as axe.ElementContext, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
  expect(serious).toEqual([]);
}, 60_000);
