import type { TDevicePlatform } from '@rrp/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { deviceRow } from '../../test/deviceRow';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { unreachableTime } from './DevicePlatform';

const EID = '89049032000000000000000000000123';
const TODAY = new Date().toISOString().slice(0, 10);

function platform(over: Partial<TDevicePlatform> = {}): TDevicePlatform {
  return { kind: 'simulated', unreachableSince: null, disabled: false, ...over };
}

function openDetail(p: TDevicePlatform, over: Parameters<typeof deviceRow>[0] = {}) {
  const row = deviceRow({ eid: EID, platform: p, ...over });
  mockApi({
    '/device/detail': () => ({ device: row, operations: [], usageDaily: [], usageMonthly: [], usageThrough: '2026-11-20', switchAvailableAt: null }),
  });
  renderApp(`/device-list/detail?imei=${row.imei}`);
  return row;
}

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});
afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('a device’s operator platform on its detail', () => {
  test('on the built-in network every command is offered and nothing is explained', async () => {
    openDetail(platform());
    expect((await screen.findByTestId('device-platform-kind')).textContent).toBe('内置模拟网络');
    expect(screen.getByTestId('device-action-switch')).toBeTruthy();
    expect(screen.getByTestId('device-network-detection')).toBeTruthy();
    expect(screen.getByTestId('device-eid').tagName).toBe('A');
    expect(screen.queryByTestId('device-platform-cannot')).toBeNull();
    expect(screen.queryByTestId('device-platform-unreachable')).toBeNull();
  });

  test('on Control Center the card switch, eSIM and detection are hidden, each with its reason', async () => {
    openDetail(platform({ kind: 'cisco_cc' }));
    expect((await screen.findByTestId('device-platform-kind')).textContent).toBe('思科 IoT Control Center');
    expect(screen.queryByTestId('device-action-switch')).toBeNull();
    expect(screen.getByText('此运营商平台不支持切卡')).toBeTruthy();
    // what it can do is still there
    expect(screen.getByTestId('device-action-suspend')).toBeTruthy();
    expect(screen.getByTestId('device-action-sync')).toBeTruthy();
    expect(screen.queryByTestId('device-network-detection')).toBeNull();
    expect(screen.getByText('此运营商平台不支持网络检测')).toBeTruthy();
    // the EID is shown, but not as the way into eSIM commands
    expect(screen.getByTestId('device-eid').tagName).not.toBe('A');
    expect(screen.getByText('此运营商平台不支持 eSIM 操作')).toBeTruthy();
  });

  test('in English the kind and the reasons are English', async () => {
    await changeLocale('en');
    openDetail(platform({ kind: 'onelink' }));
    expect((await screen.findByTestId('device-platform-kind')).textContent).toBe('China Mobile OneLink');
    expect(screen.getByText('This operator platform cannot switch cards')).toBeTruthy();
    expect(screen.getByText('This operator platform cannot run network detection')).toBeTruthy();
  });

  test('while the platform is unreachable a banner says since when the figures may be stale', async () => {
    openDetail(platform({ kind: 'cisco_cc', unreachableSince: `${TODAY}T08:15:00Z` }));
    const banner = await screen.findByTestId('device-platform-unreachable');
    expect(banner.textContent).toBe('运营商平台自 08:15 UTC 起无法连接，以下数据可能不是最新');
    // commands still go out: they wait for the platform
    expect((screen.getByTestId('device-action-suspend') as HTMLButtonElement).disabled).toBe(false);
  });

  test('the banner in English', async () => {
    await changeLocale('en');
    openDetail(platform({ kind: 'onelink', unreachableSince: `${TODAY}T21:40:00Z` }));
    expect((await screen.findByTestId('device-platform-unreachable')).textContent).toBe(
      'Operator platform unreachable since 21:40 UTC — figures below may be out of date',
    );
  });

  test('a disabled platform shows a note and disables its commands; the License renewal stays', async () => {
    openDetail(platform({ kind: 'cisco_cc', disabled: true }));
    expect((await screen.findByTestId('device-platform-disabled')).textContent).toBe('此设备所在的运营商平台已停用，暂不能发送指令');
    expect((screen.getByTestId('device-action-suspend') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('device-action-sync') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('device-action-renew') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the unreachable time', () => {
  test('is the time alone on the same UTC day, with the date on another, in the reader’s language', () => {
    const now = Date.parse('2026-11-29T10:00:00Z');
    expect(unreachableTime('2026-11-29T08:05:00Z', 'zh-CN', now)).toBe('08:05 UTC');
    expect(unreachableTime('2026-11-28T23:05:00Z', 'zh-CN', now)).toBe('11月28日 23:05 UTC');
    expect(unreachableTime('2026-11-28T23:05:00Z', 'en', now)).toBe('Nov 28, 23:05 UTC');
  });
});

describe('a device’s operator platform in the list', () => {
  test('a row whose platform is unreachable or disabled carries a small tag; the others none', async () => {
    const rows = [
      deviceRow({ id: 'a', imei: '861234567890001', platform: platform({ kind: 'cisco_cc', unreachableSince: `${TODAY}T08:15:00Z` }) }),
      deviceRow({ id: 'b', imei: '861234567890002', platform: platform({ kind: 'onelink', disabled: true }) }),
      deviceRow({ id: 'c', imei: '861234567890003' }),
    ];
    mockApi({ '/device/list': () => ({ total: 3, list: rows, nextCursor: null }), '/device/group/list': () => ({ list: [] }) });
    renderApp('/device-list');
    const rowOf = async (imei: string) => (await screen.findByText(imei)).closest('tr') as HTMLElement;
    expect(within(await rowOf('861234567890001')).getByTestId('device-platform-tag').textContent).toBe('平台无法连接');
    expect(within(await rowOf('861234567890002')).getByTestId('device-platform-tag').textContent).toBe('平台已停用');
    expect(within(await rowOf('861234567890003')).queryByTestId('device-platform-tag')).toBeNull();
  });
});
