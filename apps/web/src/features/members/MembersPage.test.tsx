import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const ROLE = {
  id: '0b9a1459-0000-4000-8000-0000000000a1',
  name: '运营专员',
  permissions: ['DEVICE_LIST'],
  createdAt: '2026-11-01T00:00:00Z',
  memberCount: 1,
  isSuper: false,
};
const MEMBER = {
  id: 'm1',
  name: '王五',
  phone: '13800000003',
  mail: 'wang@demo.example',
  roles: [{ id: ROLE.id, name: ROLE.name }],
  state: 'pending',
  description: '',
  isSelf: false,
  createdAt: '2026-11-01T00:00:00Z',
  invitedAt: '2026-11-01T00:00:00Z',
};

function api() {
  return mockApi({
    '/user/list': () => ({ total: 1, list: [MEMBER] }),
    '/role/options': () => ({ list: [{ id: ROLE.id, name: ROLE.name, isSuper: false }] }),
  });
}

beforeEach(() => {
  resetState();
  signIn(['USER_ROLE', 'USER_LIST']);
});

describe('members page', () => {
  test('lists members with their localised state, and offers a new invitation to a pending one', async () => {
    api();
    renderApp('/user');
    const row = (await screen.findByText('王五')).closest('tr') as HTMLElement;
    expect(within(row).getByText('待接受邀请')).toBeTruthy();
    expect(within(row).getByText('重新邀请')).toBeTruthy();
    expect(within(row).queryByText('停用')).toBeNull();
  });

  test('refuses a 21-character name before sending, then invites with the chosen role', async () => {
    const a = api();
    renderApp('/user');
    await userEvent.click(await screen.findByTestId('member-add'));
    await userEvent.type(screen.getByTestId('member-name'), '一'.repeat(21));
    await userEvent.type(screen.getByTestId('member-phone'), '13900000001');
    await userEvent.type(screen.getByTestId('member-mail'), 'new@demo.example');
    await userEvent.click(screen.getByTestId('member-submit'));
    expect(await screen.findByText('最多 20 个字符')).toBeTruthy();
    expect(a.callsTo('/user/add')).toHaveLength(0);

    await userEvent.clear(screen.getByTestId('member-name'));
    await userEvent.type(screen.getByTestId('member-name'), '新成员');
    const roles = within(screen.getByTestId('member-roles')).getByRole('combobox');
    await userEvent.click(roles);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="运营专员"]')).toBeTruthy());
    await userEvent.click(document.querySelector('.ant-select-item-option[title="运营专员"]') as Element);
    await userEvent.click(screen.getByTestId('member-submit'));
    await waitFor(() => expect(a.callsTo('/user/add')).toHaveLength(1));
    expect(a.callsTo('/user/add')[0].body).toEqual({ name: '新成员', phone: '13900000001', mail: 'new@demo.example', roleIds: [ROLE.id], state: 'enabled' });
  });
});
