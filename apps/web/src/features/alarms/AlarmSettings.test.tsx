import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { ALARM_PERMS, alarmSetting, GROUP_ID, GROUPS, poolWarning, SETTING_ID } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(ALARM_PERMS);
});

const GROUP_SETTING = alarmSetting({
  id: '5a6b7c8d-0000-4000-8000-000000000002',
  name: '仓库周流量',
  scope: 'group',
  groupId: GROUPS[0].id,
  groupName: 'Default',
  period: 'week',
  status: 'off',
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/poolWarning/query': () => poolWarning(),
    '/alarmSetting/list': () => ({ list: [alarmSetting(), GROUP_SETTING] }),
    '/alarmSetting/add': (body) => alarmSetting({ ...(body as object), id: '5a6b7c8d-0000-4000-8000-000000000009' }),
    '/alarmSetting/update': (body) => alarmSetting(body as object),
    '/alarmSetting/recommend': () => ({ devices: 4, thresholdMb: 321.45, averageMb: 120.5 }),
    '/device/group/list': () => ({ list: GROUPS }),
    ...extra,
  });
}

async function pick(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

async function fill(dialog: HTMLElement, testId: string, value: string) {
  const input = within(dialog).getByTestId(testId);
  await userEvent.clear(input);
  if (value) fireEvent.change(input, { target: { value } });
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByTestId('setting-submit'));

describe('device alarm settings', () => {
  test('the table shows scope (the default group in the reader’s language), period, status, receivers, thresholds and created time in UTC', async () => {
    api();
    renderApp('/alarm-settings');
    const table = await screen.findByTestId('settings-table');
    const row = (await within(table).findByText('日流量超限')).closest('tr') as HTMLElement;
    expect(within(row).getByText('全部设备')).toBeTruthy();
    expect(within(row).getByText('设备流量用量')).toBeTruthy();
    expect(within(row).getByText('每天')).toBeTruthy();
    expect(within(row).getByText('ops@example.com')).toBeTruthy();
    expect(within(row).getByText('noc@example.com')).toBeTruthy();
    expect(within(row).getByText('100 MB')).toBeTruthy();
    expect(within(row).getByText('200 MB')).toBeTruthy();
    expect(within(row).getByText('2026-11-18 02:30')).toBeTruthy();
    expect(within(row).getByRole('switch', { name: '“日流量超限”的状态' }).getAttribute('aria-checked')).toBe('true');
    const groupRow = within(table).getByText('仓库周流量').closest('tr') as HTMLElement;
    await waitFor(() => expect(groupRow.textContent).toContain('分组：默认分组'));
    expect(within(groupRow).getByText('每周')).toBeTruthy();
    expect(within(groupRow).getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  test('the dialog refuses a 0 threshold, three decimals, urgent ≤ threshold and 11 e-mails, then sends a valid body', async () => {
    const a = api();
    renderApp('/alarm-settings');
    await screen.findByText('日流量超限');
    await userEvent.click(screen.getByTestId('setting-add'));
    const dialog = (await screen.findByTestId('setting-name')).closest('.ant-modal') as HTMLElement;

    await submit(dialog);
    expect(await within(dialog).findByText('请输入告警名称')).toBeTruthy();

    await fill(dialog, 'setting-name', '仓库日流量');
    await fill(dialog, 'setting-threshold', '0');
    await fill(dialog, 'setting-urgent', '10');
    await submit(dialog);
    expect(await within(dialog).findByText('阈值必须大于 0')).toBeTruthy();

    await fill(dialog, 'setting-threshold', '1.234');
    await submit(dialog);
    expect(await within(dialog).findByText('最多保留两位小数')).toBeTruthy();

    await fill(dialog, 'setting-threshold', '10');
    await submit(dialog);
    expect(await within(dialog).findByText('紧急阈值必须大于告警阈值')).toBeTruthy();
    await fill(dialog, 'setting-urgent', '9.5');
    await submit(dialog);
    expect(await within(dialog).findByText('紧急阈值必须大于告警阈值')).toBeTruthy();

    const eleven = Array.from({ length: 11 }, (_, i) => `u${i}@example.com`).join(',');
    await fill(dialog, 'setting-emails', eleven);
    await fill(dialog, 'setting-urgent', '20.25');
    await submit(dialog);
    expect(await within(dialog).findByText('最多填写 10 个邮箱')).toBeTruthy();
    await fill(dialog, 'setting-emails', 'a@example.com, not-an-email');
    await submit(dialog);
    expect(await within(dialog).findByText('邮箱格式不正确：not-an-email')).toBeTruthy();
    expect(a.callsTo('/alarmSetting/add')).toHaveLength(0);

    // a group scope needs a group; the default group is offered in the reader's language
    await userEvent.click(within(dialog).getByLabelText('指定分组'));
    await pick('setting-group', '华东仓库');
    expect(document.querySelector('.ant-select-item-option[title="默认分组"]')).toBeTruthy();
    await pick('setting-period', '每月');
    const ten = Array.from({ length: 10 }, (_, i) => `u${i}@example.com`).join('，');
    await fill(dialog, 'setting-emails', ` ${ten}, `);
    await submit(dialog);
    await waitFor(() => expect(a.callsTo('/alarmSetting/add')).toHaveLength(1));
    expect(a.callsTo('/alarmSetting/add')[0].body).toEqual({
      name: '仓库日流量',
      scope: 'group',
      groupId: GROUP_ID,
      thresholdType: 'device_flow',
      period: 'month',
      status: 'on',
      emails: Array.from({ length: 10 }, (_, i) => `u${i}@example.com`).join(','),
      threshold: 10,
      urgentThreshold: 20.25,
    });
    expect(await screen.findByText('告警设置已保存')).toBeTruthy();
  });

  test('the status switch sends the whole setting with the new status to update', async () => {
    const a = api();
    renderApp('/alarm-settings');
    const toggle = await screen.findByRole('switch', { name: '“仓库周流量”的状态' });
    await userEvent.click(toggle);
    await waitFor(() => expect(a.callsTo('/alarmSetting/update')).toHaveLength(1));
    expect(a.callsTo('/alarmSetting/update')[0].body).toEqual({
      id: GROUP_SETTING.id,
      name: '仓库周流量',
      scope: 'group',
      groupId: GROUPS[0].id,
      thresholdType: 'device_flow',
      period: 'week',
      status: 'on',
      emails: GROUP_SETTING.emails,
      threshold: 100,
      urgentThreshold: 200,
    });
    expect(a.callsTo('/alarmSetting/add')).toHaveLength(0);
  });

  test('the recommended threshold of the scope and period is shown and "use it" fills the threshold; editing sends the id', async () => {
    const a = api();
    renderApp('/alarm-settings');
    await userEvent.click(await screen.findByTestId(`setting-edit-${SETTING_ID}`));
    const dialog = (await screen.findByTestId('setting-name')).closest('.ant-modal') as HTMLElement;
    expect((within(dialog).getByTestId('setting-threshold') as HTMLInputElement).value).toBe('100');
    const value = await within(dialog).findByTestId('recommend-value');
    expect(value.textContent).toContain('321.45 MB');
    expect(a.callsTo('/alarmSetting/recommend')[0].body).toEqual({ scope: 'all', period: 'day' });

    await pick('setting-period', '每周');
    await waitFor(() => expect(a.callsTo('/alarmSetting/recommend').at(-1)?.body).toEqual({ scope: 'all', period: 'week' }));

    await userEvent.click(within(dialog).getByTestId('recommend-use'));
    expect((within(dialog).getByTestId('setting-threshold') as HTMLInputElement).value).toBe('321.45');
    // the urgent threshold (200) is now below it: refused
    await submit(dialog);
    expect(await within(dialog).findByText('紧急阈值必须大于告警阈值')).toBeTruthy();
    await fill(dialog, 'setting-urgent', '500');
    await submit(dialog);
    await waitFor(() => expect(a.callsTo('/alarmSetting/update')).toHaveLength(1));
    expect(a.callsTo('/alarmSetting/update')[0].body).toMatchObject({ id: SETTING_ID, period: 'week', threshold: 321.45, urgentThreshold: 500 });
  });

  test('delete asks first, then sends the id', async () => {
    const a = api({ '/alarmSetting/delete': () => null });
    renderApp('/alarm-settings');
    await userEvent.click(await screen.findByTestId(`setting-delete-${SETTING_ID}`));
    expect(await screen.findByText('确定删除告警设置“日流量超限”？')).toBeTruthy();
    expect(a.callsTo('/alarmSetting/delete')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('setting-delete-ok'));
    await waitFor(() => expect(a.callsTo('/alarmSetting/delete')).toHaveLength(1));
    expect(a.callsTo('/alarmSetting/delete')[0].body).toEqual({ id: SETTING_ID });
  });
});
