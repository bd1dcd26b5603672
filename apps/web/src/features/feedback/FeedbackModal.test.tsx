import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  resetState();
  api = mockApi();
  signIn([]);
});

async function openFeedback() {
  renderApp('/home');
  await userEvent.click(await screen.findByTestId('feedback-open'));
  return (await screen.findByTestId('feedback-input')) as HTMLTextAreaElement;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));

describe('feedback dialog', () => {
  test('is required', async () => {
    await openFeedback();
    await submit();
    await screen.findByText('请输入反馈内容');
    expect(api.callsTo('/feedback/add')).toHaveLength(0);
  });

  test('stops at 400 characters and shows the counter', async () => {
    const input = await openFeedback();
    fireEvent.change(input, { target: { value: 'a'.repeat(390) } });
    await userEvent.type(input, 'b'.repeat(20));
    expect(input.value).toHaveLength(400);
    expect(input.maxLength).toBe(400);
    await screen.findByText('400 / 400');
  });

  test('a pasted text over 400 characters is refused', async () => {
    const input = await openFeedback();
    input.removeAttribute('maxlength');
    fireEvent.change(input, { target: { value: 'x'.repeat(401) } });
    await submit();
    await screen.findByText('反馈内容最多 400 个字符');
    expect(api.callsTo('/feedback/add')).toHaveLength(0);
  });

  test('sends the text to /feedback/add, signed', async () => {
    const input = await openFeedback();
    await userEvent.type(input, '  希望增加导出功能  ');
    await submit();
    await waitFor(() => expect(api.callsTo('/feedback/add')).toHaveLength(1));
    const [call] = api.callsTo('/feedback/add');
    expect(call.body).toEqual({ feedback: '希望增加导出功能', source: 'feedback' });
    expect(call.headers['X-Sign']).toMatch(/^[0-9a-f]{64}$/);
    await screen.findByText('感谢您的反馈！');
  });
});

describe('customer-service widget', () => {
  test('sends the message as feedback from the service widget, without a text prefix', async () => {
    renderApp('/home');
    await userEvent.click(await screen.findByTestId('service-open'));
    const input = await screen.findByPlaceholderText('请留下您的问题，客服会尽快与您联系');
    await userEvent.type(input, ' 请联系我开通 eSIM ');
    await userEvent.click(screen.getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(api.callsTo('/feedback/add')).toHaveLength(1));
    expect(api.callsTo('/feedback/add')[0].body).toEqual({ feedback: '请联系我开通 eSIM', source: 'service' });
    await screen.findByText('留言已发送，客服会尽快与您联系');
  });
});
