import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState } from '../../test/utils';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  resetState();
  api = mockApi({ '/user/register': () => ({ bonusMb: 100 }) });
});

async function fill(overrides: Partial<Record<string, string>> = {}) {
  const v = {
    email: 'buyer@example.com',
    code: '123456',
    phone: '13800138000',
    job: '采购经理',
    password: 'Good#Pass9',
    confirm: 'Good#Pass9',
    company: '示例科技有限公司',
    address: '上海市浦东新区世纪大道 100 号',
    ...overrides,
  };
  const type = async (id: string, text: string) => {
    fireEvent.change(screen.getByTestId(id), { target: { value: text } });
  };
  await type('register-email', v.email);
  await type('register-code', v.code);
  await type('register-phone', v.phone);
  await type('register-job', v.job);
  await type('register-password', v.password);
  await type('register-confirm', v.confirm);
  await type('register-company', v.company);
  await type('register-address', v.address);
  // country: open the select and pick 新加坡
  const select = screen.getByTestId('register-country');
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  await userEvent.click(await screen.findByText('新加坡'));
}

describe('register form', () => {
  test('a weak password shows the rule and nothing is sent', async () => {
    renderApp('/register');
    await screen.findByTestId('register-submit');
    await fill({ password: 'abcdefgh', confirm: 'abcdefgh' });
    await userEvent.click(screen.getByTestId('register-agreement'));
    await userEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText('密码须至少包含数字、大写字母、小写字母、特殊字符中的三种');
    expect(api.callsTo('/user/register')).toHaveLength(0);
  });

  test('common words and length are refused too', async () => {
    renderApp('/register');
    await screen.findByTestId('register-submit');
    await fill({ password: 'Admin#2025', confirm: 'Admin#2025' });
    await userEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText('密码不能包含 admin、user、root 等常见词');
    await userEvent.clear(screen.getByTestId('register-password'));
    await userEvent.type(screen.getByTestId('register-password'), 'Ab#1');
    await screen.findByText('密码长度须为 8-16 位');
  });

  test('the two passwords must match', async () => {
    renderApp('/register');
    await screen.findByTestId('register-submit');
    await fill({ confirm: 'Good#Pass8' });
    await userEvent.click(screen.getByTestId('register-agreement'));
    await userEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText('两次输入的密码不一致');
    expect(api.callsTo('/user/register')).toHaveLength(0);
  });

  test('the agreement must be ticked', async () => {
    renderApp('/register');
    await screen.findByTestId('register-submit');
    await fill();
    await userEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText('请阅读并勾选服务协议和隐私政策');
    expect(api.callsTo('/user/register')).toHaveLength(0);
  });

  test('a valid form is sent and the success page names the bonus', async () => {
    renderApp('/register');
    await screen.findByTestId('register-submit');
    await fill();
    await userEvent.click(screen.getByTestId('register-agreement'));
    await userEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText('贵公司已获得 100M 流量，登录后可在首页查看。');
    const [call] = api.callsTo('/user/register');
    expect(call.body).toEqual({
      email: 'buyer@example.com',
      code: '123456',
      phone: '13800138000',
      jobTitle: '采购经理',
      password: 'Good#Pass9',
      confirmPassword: 'Good#Pass9',
      country: 'SG',
      companyName: '示例科技有限公司',
      companyAddress: '上海市浦东新区世纪大道 100 号',
      agreement: true,
      locale: 'zh-CN',
    });
    expect(call.headers['X-Sign']).toBeUndefined();
  });

  test('send code validates the e-mail first, then starts a 60 s countdown', async () => {
    renderApp('/register');
    const send = await screen.findByTestId('register-send-code');
    await userEvent.click(send);
    await screen.findByText('请输入邮箱');
    expect(api.callsTo('/send/verifyCode')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('register-email'), 'buyer@example.com');
    await userEvent.click(send);
    await waitFor(() => expect(api.callsTo('/send/verifyCode')).toHaveLength(1));
    expect(api.callsTo('/send/verifyCode')[0].body).toEqual({ email: 'buyer@example.com', purpose: 'register', locale: 'zh-CN' });
    await screen.findByText(/60 秒后重新获取|59 秒后重新获取/);
    expect((screen.getByTestId('register-send-code') as HTMLButtonElement).disabled).toBe(true);
  });
});
