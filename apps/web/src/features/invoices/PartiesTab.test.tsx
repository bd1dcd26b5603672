import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { invoiceTitle, RECIPIENT_ID, recipient, TITLE_ID } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'RECEIPT_LIST']);
});

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return mockApi({
    '/receipt/title': () => ({ list: [invoiceTitle()] }),
    '/receipt/recipient/list': () => ({ list: [recipient()] }),
    '/receipt/addOrUpdate': (body) => ({ ...invoiceTitle(), ...(body as object), id: TITLE_ID }),
    '/receipt/recipient/addOrUpdate': (body) => ({ ...recipient(), ...(body as object), id: RECIPIENT_ID }),
    '/receipt/title/delete': () => null,
    '/receipt/recipient/delete': () => null,
    ...extra,
  });
}

const dialogOf = (el: HTMLElement) => el.closest('.ant-modal') as HTMLElement;
const set = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('invoice headers and recipients', () => {
  test('both lists show the saved items, the default tagged', async () => {
    api();
    renderApp('/bill?tab=parties');
    const card = await screen.findByTestId(`invoice-title-${TITLE_ID}`);
    expect(within(card).getByText('示例科技')).toBeTruthy();
    expect(within(card).getByText('默认')).toBeTruthy();
    expect(within(card).getByText('91310000MA1FL0000X')).toBeTruthy();
    const r = await screen.findByTestId(`invoice-recipient-${RECIPIENT_ID}`);
    expect(within(r).getByText('finance@example.com')).toBeTruthy();
  });

  test('the header form refuses a 41-character title and a taxpayer id with symbols; a valid one is sent trimmed', async () => {
    const a = api();
    renderApp('/bill?tab=parties');
    await userEvent.click(await screen.findByTestId('invoice-titles-add'));
    const dialog = dialogOf(await screen.findByTestId('title-form-title'));
    await userEvent.click(within(dialog).getByTestId('title-form-submit'));
    expect(await within(dialog).findByText('请输入发票抬头')).toBeTruthy();

    set('title-form-title', '公'.repeat(41));
    set('title-form-taxpayer', '9131-0000');
    set('title-form-bank', '招商银行上海分行');
    set('title-form-account', '1219 0000 0000 0002');
    set('title-form-address', '上海市徐汇区 1 号');
    set('title-form-phone', '021-87654321');
    await userEvent.click(within(dialog).getByTestId('title-form-submit'));
    expect(await within(dialog).findByText('最多 40 个字符')).toBeTruthy();
    expect(within(dialog).getByText('纳税人识别号只能包含字母和数字')).toBeTruthy();
    expect(a.callsTo('/receipt/addOrUpdate')).toHaveLength(0);

    set('title-form-title', ` ${'公'.repeat(40)} `);
    set('title-form-taxpayer', '91310000MA1FL0001Y');
    await userEvent.click(within(dialog).getByTestId('title-form-default'));
    await userEvent.click(within(dialog).getByTestId('title-form-submit'));
    await waitFor(() => expect(a.callsTo('/receipt/addOrUpdate')).toHaveLength(1));
    expect(a.callsTo('/receipt/addOrUpdate')[0].body).toEqual({
      title: '公'.repeat(40),
      taxpayerId: '91310000MA1FL0001Y',
      bank: '招商银行上海分行',
      bankAccount: '1219 0000 0000 0002',
      registeredAddress: '上海市徐汇区 1 号',
      registeredPhone: '021-87654321',
      isDefault: true,
    });
  });

  test('editing a header sends its id; deleting asks first', async () => {
    const a = api();
    renderApp('/bill?tab=parties');
    const card = await screen.findByTestId(`invoice-title-${TITLE_ID}`);
    await userEvent.click(within(card).getByTestId(`invoice-title-${TITLE_ID}-edit`));
    const input = (await screen.findByTestId('title-form-title')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('示例科技'));
    set('title-form-phone', '021-00000000');
    await userEvent.click(screen.getByTestId('title-form-submit'));
    await waitFor(() => expect(a.callsTo('/receipt/addOrUpdate')).toHaveLength(1));
    expect(a.callsTo('/receipt/addOrUpdate')[0].body).toMatchObject({ id: TITLE_ID, title: '示例科技', registeredPhone: '021-00000000', isDefault: true });

    await userEvent.click(within(card).getByTestId(`invoice-title-${TITLE_ID}-delete`));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('确定删除这个发票抬头吗？')).toBeTruthy();
    expect(a.callsTo('/receipt/title/delete')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(a.callsTo('/receipt/title/delete')).toHaveLength(1));
    expect(a.callsTo('/receipt/title/delete')[0].body).toEqual({ id: TITLE_ID });
  });

  test('the recipient form checks the phone and the e-mail; the postal address may stay empty', async () => {
    const a = api();
    renderApp('/bill?tab=parties');
    await userEvent.click(await screen.findByTestId('invoice-recipients-add'));
    const dialog = dialogOf(await screen.findByTestId('recipient-form-name'));
    set('recipient-form-name', '李出纳');
    set('recipient-form-phone', 'call me');
    set('recipient-form-email', 'not-an-email');
    await userEvent.click(within(dialog).getByTestId('recipient-form-submit'));
    expect(await within(dialog).findByText(/请输入正确的电话号码/)).toBeTruthy();
    expect(within(dialog).getByText('请输入正确的邮箱地址')).toBeTruthy();
    expect(a.callsTo('/receipt/recipient/addOrUpdate')).toHaveLength(0);

    set('recipient-form-phone', '+86 138 0013 8001');
    set('recipient-form-email', 'cashier@example.com');
    await userEvent.click(within(dialog).getByTestId('recipient-form-submit'));
    await waitFor(() => expect(a.callsTo('/receipt/recipient/addOrUpdate')).toHaveLength(1));
    expect(a.callsTo('/receipt/recipient/addOrUpdate')[0].body).toEqual({
      name: '李出纳',
      phone: '+86 138 0013 8001',
      email: 'cashier@example.com',
      address: '',
      isDefault: false,
    });
  });

  test('empty lists explain what to add', async () => {
    api({ '/receipt/title': () => ({ list: [] }), '/receipt/recipient/list': () => ({ list: [] }) });
    renderApp('/bill?tab=parties');
    expect(await screen.findByText('还没有发票抬头。新增一个与订单付款方名称一致的抬头后即可申请开票。')).toBeTruthy();
    expect(await screen.findByText('还没有收件人。新增收件人后，发票将发送或邮寄给他。')).toBeTruthy();
  });
});
