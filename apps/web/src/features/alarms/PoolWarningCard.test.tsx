import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { ALARM_PERMS, poolWarning } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(ALARM_PERMS);
});

function api(pool = poolWarning()) {
  return mockApi({
    '/poolWarning/query': () => pool,
    '/poolWarning/update': (body) => ({ ...pool, ...(body as object) }),
    '/alarmSetting/list': () => ({ list: [] }),
    '/device/group/list': () => ({ list: [] }),
  });
}

async function fill(testId: string, value: string) {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

describe('data pool warning policy', () => {
  test('shows the pool and the current values, refuses warning ≤ alarm and 1,000,000, then sends a valid pair', async () => {
    const a = api();
    renderApp('/alarm-settings');
    const card = await screen.findByTestId('pool-card');
    await within(card).findByTestId('pool-facts');
    expect(within(card).getByText('100 GB')).toBeTruthy();
    expect(within(card).getByTestId('pool-remaining').textContent).toBe('50 GB');
    expect((screen.getByTestId('pool-warning-value') as HTMLInputElement).value).toBe('2048');
    expect((screen.getByTestId('pool-alarm-value') as HTMLInputElement).value).toBe('512');

    // warning equal to the alarm value
    await fill('pool-warning-value', '512');
    await userEvent.click(screen.getByTestId('pool-save'));
    expect(await within(card).findByText('预警值必须大于告警值')).toBeTruthy();
    // warning below the alarm value
    await fill('pool-warning-value', '100');
    await userEvent.click(screen.getByTestId('pool-save'));
    expect(await within(card).findByText('预警值必须大于告警值')).toBeTruthy();
    // out of range (and then neither is greater: the range is what is said)
    await fill('pool-warning-value', '1000000');
    await userEvent.click(screen.getByTestId('pool-save'));
    expect(await within(card).findByText('请输入 1 至 999999 之间的整数')).toBeTruthy();
    await fill('pool-alarm-value', '0');
    await userEvent.click(screen.getByTestId('pool-save'));
    await waitFor(() => expect(within(card).getAllByText('请输入 1 至 999999 之间的整数')).toHaveLength(2));
    expect(a.callsTo('/poolWarning/update')).toHaveLength(0);

    await fill('pool-warning-value', '999999');
    await fill('pool-alarm-value', '1');
    await userEvent.click(screen.getByTestId('pool-save'));
    await waitFor(() => expect(a.callsTo('/poolWarning/update')).toHaveLength(1));
    expect(a.callsTo('/poolWarning/update')[0].body).toEqual({ warningValue: 999999, alarmValue: 1 });
  });

  test('a company billed by its parent reads the policy its payer set, with no form', async () => {
    const a = api(poolWarning({ editable: false, payerCompanyName: '集团总部', warningValue: 4096, alarmValue: 1024 }));
    renderApp('/alarm-settings');
    const card = await screen.findByTestId('pool-card');
    const note = await within(card).findByTestId('pool-read-only');
    expect(note.textContent).toContain('集团总部');
    expect(within(card).getByTestId('pool-values').textContent).toContain('4,096 MB');
    expect(within(card).getByTestId('pool-values').textContent).toContain('1,024 MB');
    expect(within(card).queryByTestId('pool-warning-value')).toBeNull();
    expect(within(card).queryByTestId('pool-save')).toBeNull();
    expect(within(card).queryByRole('spinbutton')).toBeNull();
    expect(a.callsTo('/poolWarning/update')).toHaveLength(0);
  });
});
