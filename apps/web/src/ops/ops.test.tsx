import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { startSession } from '../lib/session';
import { type ApiHandler, mockApi, renderApp, resetState, signIn } from '../test/utils';

const ROW = {
  id: '0b9a1459-0000-4000-8000-0000000000c1',
  companyId: 'c1',
  companyName: '待审公司',
  currentCompanyName: '待审公司',
  address: '上海',
  website: '',
  deviceQuantity: '101-500',
  licenseNo: '91310000MA1FL0001X',
  contactName: '张三',
  contactPhone: '13912345678',
  contactEmail: 'a@corp.example',
  state: 'review',
  submittedAt: '2026-11-20T00:00:00Z',
  submittedBy: '李四',
  reviewedAt: null,
  reviewedBy: null,
  rejectReason: null,
};

function staff() {
  startSession({
    principal: 'staff',
    token: 't',
    secretKey: 's',
    permissionsList: ['OPS_CERTIFICATION', 'OPS_COMPANIES', 'OPS_ANNOUNCEMENTS', 'OPS_FEEDBACK', 'OPS_AUDIT', 'OPS_PLATFORM_SETTINGS'],
    deductionSource: 0,
  });
}

function opsApi(extra: Record<string, ApiHandler> = {}, permissionsList = ['OPS_CERTIFICATION', 'OPS_AUDIT']) {
  return mockApi({
    '/api/v1/ops/account/query': () => ({
      userId: 'o1',
      name: '运营',
      email: 'ops@rrp.local',
      locale: 'zh-CN',
      permissionsList,
    }),
    '/api/v1/ops/certification/list': () => ({ total: 1, list: [ROW], counts: { review: 1, verified: 4, rejected: 2 } }),
    '/api/v1/ops/certification/detail': () => ROW,
    '/api/v1/ops/certification/image/0b9a1459-0000-4000-8000-0000000000c1': () =>
      new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })),
    ...extra,
  });
}

const DEFAULTS = {
  phone: '400-800-1234',
  email: 'support@rrp.local',
  officialSite: '',
  hours: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00', utcOffsetMinutes: 480 },
};
const settingsApi = () =>
  opsApi({ '/api/v1/ops/platform/contact': () => ({ contact: DEFAULTS, defaults: DEFAULTS, saved: false, updatedAt: null, updatedBy: null }) }, [
    'OPS_AUDIT',
    'OPS_PLATFORM_SETTINGS',
  ]);

async function retype(testId: string, text: string) {
  const input = screen.getByTestId(testId);
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

beforeEach(() => resetState());

describe('back office', () => {
  test('staff land in the back office, and a customer page sends them back to it', async () => {
    opsApi();
    staff();
    const { router } = renderApp('/device-list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ops/certifications'));
    expect(await screen.findByText('待审公司')).toBeTruthy();
  });

  test('a member never sees the back office', async () => {
    mockApi();
    signIn(['DEVICE_LIST']);
    const { router } = renderApp('/ops/companies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  test('the menu holds only the pages the staff member’s codes open', async () => {
    opsApi();
    staff();
    renderApp('/ops/certifications');
    await screen.findByText('待审公司');
    expect(await screen.findByTestId('ops-menu-audit')).toBeTruthy();
    expect(screen.queryByTestId('ops-menu-companies')).toBeNull();
  });

  test('rejecting needs a reason; it is sent with the submission id', async () => {
    const a = opsApi();
    staff();
    renderApp('/ops/certifications');
    await userEvent.click(await screen.findByTestId('ops-cert-row'));
    await userEvent.click(await screen.findByTestId('ops-reject'));
    await userEvent.click(await screen.findByTestId('ops-reject-confirm'));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(a.callsTo('/ops/certification/reject')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('ops-reject-reason'), '营业执照模糊');
    await userEvent.click(screen.getByTestId('ops-reject-confirm'));
    await waitFor(() => expect(a.callsTo('/ops/certification/reject')).toHaveLength(1));
    expect(a.callsTo('/ops/certification/reject')[0].body).toEqual({ id: ROW.id, reason: '营业执照模糊' });
  });

  test('approving asks first, then sends the submission id', async () => {
    const a = opsApi();
    staff();
    renderApp('/ops/certifications');
    await userEvent.click(await screen.findByTestId('ops-cert-row'));
    await userEvent.click(await screen.findByTestId('ops-approve'));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(a.callsTo('/ops/certification/approve')).toHaveLength(1));
    expect(a.callsTo('/ops/certification/approve')[0].body).toEqual({ id: ROW.id });
  });

  test('the platform settings page is in the menu only for the code that opens it', async () => {
    settingsApi();
    staff();
    renderApp('/ops/audit');
    await screen.findByTestId('ops-me');
    expect(screen.getByTestId('ops-menu-settings')).toBeTruthy();
    resetState();
    opsApi();
    staff();
    renderApp('/ops/audit');
    await screen.findByTestId('ops-me');
    expect(screen.getByTestId('ops-menu-audit')).toBeTruthy();
    expect(screen.queryByTestId('ops-menu-settings')).toBeNull();
  });

  test('staff change the support contact; bad input is stopped with the field named, and nothing is sent', async () => {
    const a = settingsApi();
    staff();
    renderApp('/ops/settings');
    expect((await screen.findByTestId('ops-contact-state')).textContent).toContain('尚未保存');
    await waitFor(() => expect(screen.getByTestId('ops-contact-preview').textContent).toBe('周一至周五 09:00–18:00（UTC+8）'));

    await retype('ops-contact-phone', 'call us');
    await retype('ops-contact-site', 'http://www.corp.example');
    await retype('ops-contact-to', '08:00');
    await userEvent.click(screen.getByTestId('ops-contact-save'));
    expect(await screen.findByText(/请输入有效的电话号码/)).toBeTruthy();
    expect(screen.getByText('请输入以 https:// 开头的网址')).toBeTruthy();
    expect(screen.getByText('结束时间须晚于开始时间')).toBeTruthy();
    expect(a.callsTo('/ops/platform/contact/update')).toHaveLength(0);

    await retype('ops-contact-phone', '+86 21 5555 0100');
    await retype('ops-contact-site', 'https://www.corp.example');
    await retype('ops-contact-to', '20:00');
    await userEvent.click(within(screen.getByTestId('ops-contact-days')).getByLabelText('周六'));
    await waitFor(() => expect(screen.getByTestId('ops-contact-preview').textContent).toBe('周一至周六 09:00–20:00（UTC+8）'));
    await userEvent.click(screen.getByTestId('ops-contact-save'));
    await waitFor(() => expect(a.callsTo('/ops/platform/contact/update')).toHaveLength(1));
    expect(a.callsTo('/ops/platform/contact/update')[0].body).toEqual({
      phone: '+86 21 5555 0100',
      email: 'support@rrp.local',
      officialSite: 'https://www.corp.example',
      hours: { days: [1, 2, 3, 4, 5, 6], from: '09:00', to: '20:00', utcOffsetMinutes: 480 },
    });
  });

  test('the defaults from the environment can be filled back in', async () => {
    settingsApi();
    staff();
    renderApp('/ops/settings');
    await screen.findByTestId('ops-contact-state');
    await waitFor(() => expect((screen.getByTestId('ops-contact-phone') as HTMLInputElement).value).toBe('400-800-1234'));
    await retype('ops-contact-phone', '400-820-0000');
    await userEvent.click(screen.getByTestId('ops-contact-defaults'));
    expect((screen.getByTestId('ops-contact-phone') as HTMLInputElement).value).toBe('400-800-1234');
  });
});
