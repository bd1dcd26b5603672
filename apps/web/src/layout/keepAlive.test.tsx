import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { mockApi, OVERVIEW, renderApp, resetState, signIn } from '../test/utils';

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});

test('filter text typed but not yet searched is still there after visiting another tab', async () => {
  mockApi({
    '/device/list': () => ({ total: 0, list: [], nextCursor: null }),
    '/device/group/list': () => ({ list: [] }),
    '/account/overview': () => OVERVIEW,
  });
  const { router } = renderApp('/device-list?status=esim');
  const name = (await screen.findByTestId('device-filter-name')) as HTMLInputElement;
  await userEvent.type(name, '水泵');

  await userEvent.click(screen.getByTestId('tab-/home'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  await screen.findByText('License 库存');
  await userEvent.click(screen.getByTestId('tab-/device-list'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/device-list'));

  expect((screen.getByTestId('device-filter-name') as HTMLInputElement).value).toBe('水泵');
  expect(router.state.location.search).toBe('?status=esim');
});
