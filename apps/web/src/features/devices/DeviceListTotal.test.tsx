import { screen } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

// The server counts matching devices up to 10,000 (DEVICE_LIST_COUNT_CAP): the page says so.

const GROUPS = { list: [] };

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});

test('a capped total reads "10,000+"', async () => {
  mockApi({ '/device/list': () => ({ total: 10_000, totalCapped: true, list: [], nextCursor: null }), '/device/group/list': () => GROUPS });
  renderApp('/device-list');
  await screen.findByTestId('device-table', {}, { timeout: 30_000 }); // the first render of the page is slow on a busy machine
  expect(await screen.findByText('共 10,000+ 条', {}, { timeout: 10_000 })).toBeTruthy();
});

test('an exact total of 10,000 has no plus', async () => {
  mockApi({ '/device/list': () => ({ total: 10_000, totalCapped: false, list: [], nextCursor: null }), '/device/group/list': () => GROUPS });
  renderApp('/device-list');
  expect(await screen.findByText('共 10000 条', {}, { timeout: 10_000 })).toBeTruthy();
});
