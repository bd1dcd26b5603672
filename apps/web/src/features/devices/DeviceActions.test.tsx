import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { deviceRow } from '../../test/deviceRow';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const ROW = deviceRow();
const detailOf = (status: string) => ({
  device: { ...ROW, status },
  operations: [],
  usageDaily: [],
  usageMonthly: [],
  usageThrough: '2026-11-20',
  switchAvailableAt: null,
});

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});
afterEach(async () => {
  await changeLocale('zh-CN');
});

async function switchButton(status: string) {
  const a = mockApi({
    '/device/detail': () => detailOf(status),
    '/device/switchCard': () => ({ operationId: 7, hint: 'ok' }),
  });
  renderApp(`/device-list/detail?imei=${ROW.imei}`);
  const button = (await screen.findByTestId('device-action-switch')) as HTMLButtonElement;
  return { a, button };
}

async function confirmIn(question: string) {
  const dialog = (await screen.findByText(question)).closest('.ant-modal') as HTMLElement;
  await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
}

describe('card switch action', () => {
  test('a device on its physical card is offered eSIM, and the command asks for eSIM', async () => {
    const { a, button } = await switchButton('physical_card');
    expect(button.textContent).toBe('切换到 eSIM');
    expect(button.disabled).toBe(false);
    expect(screen.queryByText('切换到实体卡')).toBeNull();
    await userEvent.click(button);
    await confirmIn('确定将该设备切换到 eSIM 吗？切换后 5 分钟内不能再次切换。');
    await waitFor(() => expect(a.callsTo('/device/switchCard')).toHaveLength(1));
    expect(a.callsTo('/device/switchCard')[0].body).toEqual({ imei: ROW.imei, target: 'esim' });
  });

  test('a device on eSIM (or its seed card) is offered the physical card', async () => {
    const { a, button } = await switchButton('esim');
    expect(button.textContent).toBe('切换到实体卡');
    await userEvent.click(button);
    await confirmIn('确定将该设备切换到实体卡吗？切换后 5 分钟内不能再次切换。');
    await waitFor(() => expect(a.callsTo('/device/switchCard')).toHaveLength(1));
    expect(a.callsTo('/device/switchCard')[0].body).toEqual({ imei: ROW.imei, target: 'physical_card' });
  });

  test('a device without service cannot switch, and a tooltip says why', async () => {
    const { a, button } = await switchButton('in_stock');
    expect(button.disabled).toBe(true);
    await userEvent.hover(screen.getByTestId('device-action-switch-wrap'));
    expect(await screen.findByText('设备无服务（库存或服务已到期），不能切换卡')).toBeTruthy();
    await userEvent.click(button);
    expect(a.callsTo('/device/switchCard')).toHaveLength(0);
  });

  test('in English the label names the target too', async () => {
    await changeLocale('en');
    const { button } = await switchButton('seed_card');
    expect(button.textContent).toBe('Switch to physical card');
  });
});
