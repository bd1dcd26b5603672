import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { changeLocale } from '../../i18n';
import { jsonResponse, mockApi, renderApp, resetState, signIn } from '../../test/utils';
import {
  COMPANY_OPTIONS,
  coverReport,
  deviceReport,
  emptyReports,
  flowReport,
  REPORT_PERMS,
  SUB_ID,
  SUB_ROW_ID,
  stabilityReport,
  subscription,
} from './testFixtures';

/*
 * The charts' ECharts drawing is covered by chartOptions.test.ts and the devices' UsageChart test;
 * here a chart is its labelled image with its figures table, which keeps these page flows fast.
 */
vi.mock('../../lib/charts/EChart', () => ({
  EChart: ({ label, children, 'data-testid': testId }: { label: string; children?: ReactNode; 'data-testid'?: string }) => (
    <>
      <div role="img" aria-label={label} data-testid={testId} />
      {children}
    </>
  ),
}));

beforeEach(() => {
  resetState();
  signIn(REPORT_PERMS);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('zh-CN');
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Handlers = Record<string, (body: unknown) => unknown>;

function api(extra: Handlers = {}) {
  return mockApi({
    '/company/options': () => COMPANY_OPTIONS,
    '/report/flow': () => flowReport(),
    '/report/device': () => deviceReport(),
    '/report/stability': () => stabilityReport(),
    '/report/cover': () => coverReport(),
    '/report/subscription/list': () => [subscription()],
    '/report/export': () => new Response('xlsx', { headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="report.xlsx"' } }),
    ...extra,
  });
}

const failed = (code: number, msg: string, status: number) => () => jsonResponse({ success: false, code, msg, obj: null }, status);

async function openTab(name: RegExp) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

async function pickCompany(label: string) {
  fireEvent.mouseDown(within(await screen.findByTestId('report-company')).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
}

/** The figures of a chart, as its visually hidden table holds them. */
const figures = (testId: string) => screen.getByTestId(testId).querySelector('table')?.textContent ?? '';

describe('operation report page', () => {
  test('the overview asks the flow, device and stability reports for 30 days, then for the chosen period and company', async () => {
    const a = api();
    renderApp('/report');
    await screen.findByTestId('kpi-usage');
    await waitFor(() => expect(a.callsTo('/report/stability')).toHaveLength(1));
    expect(a.callsTo('/report/flow')[0].body).toEqual({ period: '30d' });
    expect(a.callsTo('/report/device')[0].body).toEqual({ period: '30d' });
    expect(a.callsTo('/report/stability')[0].body).toEqual({ period: '30d' });
    expect(a.callsTo('/report/cover')).toHaveLength(0);
    expect(a.callsTo('/report/flow')[0].headers['X-Sign']).toBeTruthy();

    await userEvent.click(screen.getByTitle('近 90 天'));
    await waitFor(() => expect(a.callsTo('/report/flow').at(-1)?.body).toEqual({ period: '90d' }));
    await pickCompany('华东子公司');
    await waitFor(() => expect(a.callsTo('/report/flow').at(-1)?.body).toEqual({ period: '90d', companyId: SUB_ID }));
    await waitFor(() => expect(a.callsTo('/report/stability').at(-1)?.body).toEqual({ period: '90d', companyId: SUB_ID }));

    await openTab(/覆盖/);
    await screen.findByTestId('report-cover');
    expect(a.callsTo('/report/cover').at(-1)?.body).toEqual({ period: '90d', companyId: SUB_ID });
  });

  test('the overview cards: total usage, devices, online rate, switches, offline episodes, zero-usage devices; the T+1 line', async () => {
    api();
    renderApp('/report');
    expect(await within(await screen.findByTestId('kpi-usage')).findByText('7.5 GB')).toBeTruthy();
    expect(await within(screen.getByTestId('kpi-devices')).findByText('52')).toBeTruthy();
    // the mean of the days some device reported: (0.9+0.92+0.95+0.9+0.88+0.93)/6
    expect(await within(screen.getByTestId('kpi-onlineRate')).findByText('91.3%')).toBeTruthy();
    expect(await within(screen.getByTestId('kpi-switches')).findByText('4')).toBeTruthy();
    expect(await within(screen.getByTestId('kpi-offlineEpisodes')).findByText('20')).toBeTruthy();
    expect(await within(screen.getByTestId('kpi-zeroUsage')).findByText('3')).toBeTruthy();
    expect(screen.getByTestId('report-freshness').textContent).toBe('数据为 T+1：统计至 2026年11月25日，每日 9:00（UTC）更新。');
  });

  test('a period without figures says so in every chart', async () => {
    api({
      '/report/flow': () => emptyReports.flow,
      '/report/device': () => emptyReports.device,
      '/report/stability': () => emptyReports.stability,
      '/report/cover': () => emptyReports.cover,
    });
    renderApp('/report');
    expect(await screen.findByTestId('chart-overview-usage-empty')).toBeTruthy();
    expect((await screen.findByTestId('chart-overview-online-empty')).textContent).toContain('该周期内暂无数据');
    await openTab(/流量/);
    for (const id of ['chart-flow-usage', 'chart-flow-top', 'chart-flow-pool', 'chart-flow-operator', 'chart-flow-region']) {
      expect(await screen.findByTestId(`${id}-empty`)).toBeTruthy();
    }
    await openTab(/稳定性/);
    expect(await screen.findByTestId('chart-stability-episodes-empty')).toBeTruthy();
    expect(within(screen.getByTestId('stability-zero')).getByText('本周期所有设备均有流量')).toBeTruthy();
  });

  test('a report that fails shows its error with a retry that asks again', async () => {
    let fail = true;
    const a = api({ '/report/flow': () => (fail ? failed(10001, '系统繁忙', 500)() : flowReport()) });
    renderApp('/report');
    await openTab(/流量/);
    const error = await screen.findByTestId('report-error');
    expect(within(error).getByText('报表加载失败')).toBeTruthy();
    fail = false;
    await userEvent.click(within(error).getByTestId('report-retry'));
    expect(await screen.findByTestId('chart-flow-usage')).toBeTruthy();
    expect(a.callsTo('/report/flow').length).toBeGreaterThanOrEqual(2);
  });

  test('labels in Chinese: operators, regions, statuses, switch reasons, offline lengths, days', async () => {
    api();
    renderApp('/report');
    await openTab(/流量/);
    await screen.findByTestId('chart-flow-operator');
    expect(figures('chart-flow-operator')).toContain('中国移动');
    expect(figures('chart-flow-operator')).toContain('沃达丰');
    expect(figures('chart-flow-operator')).toContain('未知');
    expect(figures('chart-flow-region')).toContain('上海市');
    expect(figures('chart-flow-region')).toContain('欧洲');
    expect(figures('chart-flow-usage')).toContain('2026年11月19日');
    await openTab(/设备/);
    await screen.findByTestId('chart-device-status');
    expect(figures('chart-device-status')).toContain('实体卡使用中');
    await openTab(/稳定性/);
    await screen.findByTestId('chart-stability-reasons');
    expect(figures('chart-stability-reasons')).toContain('监控策略');
    expect(figures('chart-stability-reasons')).toContain('手动切换');
    expect(figures('chart-stability-reasons')).toContain('失败：设备未及时响应');
    expect(figures('chart-stability-episodes')).toContain('30 分钟–2 小时');
    expect(figures('chart-stability-signal')).toContain('未知');
    expect(within(screen.getByTestId('stability-devices')).getByText('2 小时 5 分钟')).toBeTruthy();
  });

  test('labels in English: operators, regions, statuses, switch reasons, offline lengths, days, the T+1 line', async () => {
    await changeLocale('en');
    api();
    renderApp('/report');
    await openTab(/Flow/);
    await screen.findByTestId('chart-flow-operator');
    expect(figures('chart-flow-operator')).toContain('China Mobile');
    expect(figures('chart-flow-operator')).toContain('Vodafone');
    expect(figures('chart-flow-operator')).toContain('Unknown');
    expect(figures('chart-flow-region')).toContain('Shanghai');
    expect(figures('chart-flow-region')).toContain('Europe');
    expect(figures('chart-flow-usage')).toContain('Nov 19, 2026');
    expect(screen.getByTestId('report-freshness').textContent).toBe('Figures are T+1: data up to Nov 25, 2026, updated daily at 9:00 (UTC).');
    await openTab(/Devices/);
    await screen.findByTestId('chart-device-status');
    expect(figures('chart-device-status')).toContain('Physical card in use');
    await openTab(/Stability/);
    await screen.findByTestId('chart-stability-reasons');
    expect(figures('chart-stability-reasons')).toContain('Monitoring strategy');
    expect(figures('chart-stability-reasons')).toContain('By hand');
    expect(figures('chart-stability-reasons')).toContain('Failed: device did not answer');
    expect(figures('chart-stability-episodes')).toContain('30 min–2 h');
    expect(within(screen.getByTestId('stability-devices')).getByText('2 h 5 min')).toBeTruthy();
    await openTab(/Coverage/);
    const table = async (id: string) => (await screen.findByTestId(id)).querySelector('.ant-table') as HTMLElement;
    expect(await within(await table('cover-operator')).findByText('Deutsche Telekom')).toBeTruthy();
    expect(within(await table('cover-region')).getByText('Europe')).toBeTruthy();
    expect(within(await table('cover-networkType')).getByText('Unknown')).toBeTruthy();
  });

  test('the company picker is hidden when the caller has no sub-company', async () => {
    api({ '/company/options': () => ({ list: [COMPANY_OPTIONS.list[0]] }) });
    renderApp('/report');
    await screen.findByTestId('kpi-usage');
    await waitFor(() => expect(screen.queryByTestId('report-period')).toBeTruthy());
    expect(screen.queryByTestId('report-company')).toBeNull();
  });

  test('export is a signed GET of /rrp/report/export with the open report, the period and the company', async () => {
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const a = api();
    renderApp('/report');
    await userEvent.click(await screen.findByTitle('近 7 天'));
    await pickCompany('华东子公司');
    await openTab(/稳定性/);
    await screen.findByTestId('report-stability');
    await userEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(a.calls.filter((c) => c.url.includes('/report/export'))).toHaveLength(1));
    const call = a.calls.find((c) => c.url.includes('/report/export'));
    expect(call?.url).toBe(`/api/v1/rrp/report/export?report=stability&period=7d&companyId=${SUB_ID}`);
    expect(call?.headers['X-Sign']).toBeTruthy();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  });

  test('on the overview, export offers the four reports', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const a = api();
    renderApp('/report');
    await screen.findByTestId('kpi-usage');
    await userEvent.click(screen.getByTestId('report-export'));
    await userEvent.click(await screen.findByText('覆盖报表'));
    await waitFor(() => expect(a.calls.find((c) => c.url.includes('/report/export'))?.url).toBe('/api/v1/rrp/report/export?report=cover&period=30d'));
  });
});

describe('report subscriptions', () => {
  async function openDialog() {
    await userEvent.click(await screen.findByTestId('report-subscribe'));
    return (await screen.findByTestId('subscription-list')).closest('.ant-modal') as HTMLElement;
  }

  async function choose(dialog: HTMLElement, testId: string, label: string) {
    fireEvent.mouseDown(within(within(dialog).getByTestId(testId)).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).toBeTruthy());
    fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`) as Element);
  }

  test('the dialog lists the member’s subscriptions; add sends the exact body', async () => {
    const a = api({ '/report/subscription/add': () => subscription({ id: '5f1d6c1e-0000-4000-8000-000000000008' }) });
    renderApp('/report');
    await pickCompany('华东子公司');
    await openTab(/设备/);
    const dialog = await openDialog();
    expect(await within(dialog).findByText('稳定性报表，近 90 天')).toBeTruthy();
    expect(within(dialog).getByText(/每月发送至 alice@example.com/)).toBeTruthy();
    await choose(dialog, 'subscribe-frequency', '每日');
    await choose(dialog, 'subscribe-period', '近 12 个月');
    await userEvent.click(within(dialog).getByTestId('subscribe-submit'));
    await waitFor(() => expect(a.callsTo('/report/subscription/add')).toHaveLength(1));
    expect(a.callsTo('/report/subscription/add')[0].body).toEqual({ report: 'device', frequency: 'daily', period: '12m', companyId: SUB_ID });
    expect(await screen.findByText('订阅成功')).toBeTruthy();
    await waitFor(() => expect(a.callsTo('/report/subscription/list').length).toBeGreaterThanOrEqual(2));
  });

  test('a duplicate subscription (37002) is said at the report field', async () => {
    api({ '/report/subscription/add': failed(37002, '已订阅过相同的报表', 409) });
    renderApp('/report');
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByTestId('subscribe-submit'));
    expect(await within(dialog).findByText('已订阅过相同的报表', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });

  test('delete asks first, then deletes that subscription', async () => {
    const a = api();
    renderApp('/report');
    const dialog = await openDialog();
    await userEvent.click(await within(dialog).findByTestId(`subscription-delete-${SUB_ROW_ID}`));
    await userEvent.click(await screen.findByTestId(`subscription-delete-ok-${SUB_ROW_ID}`));
    await waitFor(() => expect(a.callsTo('/report/subscription/delete')).toHaveLength(1));
    expect(a.callsTo('/report/subscription/delete')[0].body).toEqual({ id: SUB_ROW_ID });
  });
});
