import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';
import { DETECTION_ID, detection, IMEI, RESULT, sequence } from './testFixtures';

beforeEach(() => {
  resetState();
  signIn(['DEVICE_LIST']);
});

/** Fills the form and presses Start. */
async function startDetection(imei: string, domain: string) {
  const imeiBox = await screen.findByTestId('detection-imei');
  await userEvent.clear(imeiBox);
  if (imei) await userEvent.type(imeiBox, imei);
  const domainBox = screen.getByTestId('detection-domain');
  await userEvent.clear(domainBox);
  if (domain) await userEvent.type(domainBox, domain);
  await userEvent.click(screen.getByTestId('detection-start'));
}

const POLL_WAIT = { timeout: 6_000 };

describe('network detection', () => {
  test('start sends {imei, domain}; polling shows waiting, then the result with its grade; the history is loaded', async () => {
    const a = mockApi({
      '/detection/start': () => detection(),
      '/detection/result': sequence([detection({ state: 'waiting' }), detection({ state: 'done', finishedAt: new Date().toISOString(), result: RESULT })]),
      '/detection/list': () => ({ list: [detection({ id: 'old', state: 'done', domain: 'www.qq.com', result: { ...RESULT, grade: 'weak' } })] }),
    });
    renderApp('/network-detection');
    await startDetection(IMEI, ' WWW.Baidu.com ');
    await waitFor(() => expect(a.callsTo('/detection/start')).toHaveLength(1));
    expect(a.callsTo('/detection/start')[0].body).toEqual({ imei: IMEI, domain: 'www.baidu.com' });
    expect((await screen.findByTestId('detection-progress')).dataset.state).toBe('detecting');

    await waitFor(() => expect(screen.getByTestId('detection-progress').dataset.state).toBe('waiting'), POLL_WAIT);
    expect(a.callsTo('/detection/result')[0].body).toEqual({ id: DETECTION_ID });

    const result = await screen.findByTestId('detection-result', {}, POLL_WAIT);
    expect(within(result).getByTestId('detection-grade').textContent).toBe('流畅');
    expect(within(result).getByTestId('detection-loss').textContent).toBe('0.5%');
    expect(within(result).getByTestId('detection-delay').textContent).toBe('42 毫秒');
    expect(a.callsTo('/detection/list')[0].body).toEqual({ imei: IMEI });
    const history = screen.getByTestId('detection-history');
    expect(await within(history).findByText('www.qq.com')).toBeTruthy();
    expect(within(history).getByText('弱网')).toBeTruthy();
    // polling stops once the detection has ended
    const polls = a.callsTo('/detection/result').length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(a.callsTo('/detection/result')).toHaveLength(polls);
  }, 20_000);

  test('a timeout offers Restart, which starts again with the same device and domain', async () => {
    const a = mockApi({
      '/detection/start': () => detection({ domain: '8.8.8.8' }),
      '/detection/result': () => detection({ domain: '8.8.8.8', state: 'timeout', finishedAt: new Date().toISOString() }),
    });
    renderApp(`/network-detection?imei=${IMEI}`);
    // the IMEI comes from the link of the device detail
    expect(((await screen.findByTestId('detection-imei')) as HTMLInputElement).value).toBe(IMEI);
    await userEvent.type(screen.getByTestId('detection-domain'), '8.8.8.8');
    await userEvent.click(screen.getByTestId('detection-start'));
    const alert = await screen.findByTestId('detection-timeout', {}, POLL_WAIT);
    expect(alert.textContent).toContain('检测超时');
    await userEvent.click(within(alert).getByTestId('detection-restart'));
    await waitFor(() => expect(a.callsTo('/detection/start')).toHaveLength(2));
    expect(a.callsTo('/detection/start')[1].body).toEqual({ imei: IMEI, domain: '8.8.8.8' });
  }, 15_000);

  test('an unreachable domain says the domain has no network connection', async () => {
    mockApi({
      '/detection/start': () => detection({ state: 'waiting' }),
      '/detection/result': () => detection({ state: 'unreachable', finishedAt: new Date().toISOString() }),
    });
    renderApp('/network-detection');
    await startDetection(IMEI, 'www.baidu.com');
    const alert = await screen.findByTestId('detection-unreachable', {}, POLL_WAIT);
    expect(alert.textContent).toContain('域名无网络连接');
  }, 15_000);

  test('a failure shows its reason', async () => {
    mockApi({ '/detection/start': () => detection({ state: 'failed', failure: '设备离线' }) });
    renderApp('/network-detection');
    await startDetection(IMEI, 'www.qq.com');
    const alert = await screen.findByTestId('detection-failed');
    expect(alert.textContent).toContain('设备离线');
    expect(within(alert).getByTestId('detection-restart')).toBeTruthy();
  });

  test('a bad IMEI or domain is refused before anything is sent', async () => {
    const a = mockApi({ '/detection/start': () => detection() });
    renderApp('/network-detection');
    await startDetection('12345', 'not a domain');
    expect(await screen.findByText('IMEI 为 15 位数字')).toBeTruthy();
    expect(screen.getByText('请输入域名（如 www.example.com）或 IPv4 地址')).toBeTruthy();
    await startDetection('', '');
    expect(await screen.findByText('请输入设备 IMEI')).toBeTruthy();
    expect(screen.getByText('请输入检测域名')).toBeTruthy();
    expect(a.callsTo('/detection/start')).toHaveLength(0);
    expect(a.callsTo('/detection/list').map((c) => c.body)).not.toContainEqual({ imei: '12345' });
  });
});
