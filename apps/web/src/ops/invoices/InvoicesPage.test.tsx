import type { TInvoiceDetail } from '@rrp/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import dayjs from '../../lib/dayjs';
import { startSession } from '../../lib/session';
import { type ApiHandler, isHidden, jsonResponse, mockApi, renderApp, resetState } from '../../test/utils';
import { invoiceDetail, readMultipart, specialInvoice } from './testInvoices';

const ORDINARY = invoiceDetail();
const ISSUED = invoiceDetail({
  id: '0b9a1459-0000-4000-8000-0000000000e3',
  ticketNo: 'FP20261118000009',
  status: 'issued',
  executor: '运营小李',
  issuedAt: '2026-11-19T03:00:00Z',
  invoiceNo: '24312000000012345678',
  invoiceDate: '2026-11-19',
  fileName: 'invoice-24312000000012345678.pdf',
});
const SPECIAL = specialInvoice();
const COUNTS = { in_progress: 3, issued: 12, cancelled: 1 };

function staff() {
  startSession({ principal: 'staff', token: 't', secretKey: 's', permissionsList: ['OPS_INVOICES'], deductionSource: 0 });
}

/** The back office's API with the two applications in progress; `extra` replaces what a test is about. */
function opsApi(extra: Record<string, ApiHandler> = {}) {
  const byId = new Map<string, TInvoiceDetail>([ORDINARY, SPECIAL, ISSUED].map((i) => [i.id, i]));
  return mockApi({
    '/api/v1/ops/account/query': () => ({ userId: 'o1', name: '运营', email: 'ops@rrp.local', locale: 'zh-CN', permissionsList: ['OPS_INVOICES'] }),
    '/api/v1/ops/invoice/list': (body) => {
      const status = (body as { status?: string }).status;
      const list = status === 'in_progress' ? [ORDINARY, SPECIAL] : status === 'issued' ? [ISSUED] : [];
      return { total: list.length, list: list.map(({ orders: _o, timeline: _t, ...row }) => row), counts: COUNTS };
    },
    '/api/v1/ops/invoice/detail': (body) => byId.get((body as { id: string }).id),
    '/api/v1/ops/invoice/issue': () => ({ ...ORDINARY, status: 'issued' }),
    '/api/v1/ops/invoice/cancel': () => ({ ...ORDINARY, status: 'cancelled' }),
    ...extra,
  });
}

/** Opens a work order of the queue in the drawer; answers the drawer. */
async function openOrder(inv: TInvoiceDetail): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name: `办理 ${inv.ticketNo}` });
  await userEvent.click(button);
  const facts = await screen.findByTestId('ops-invoice-facts');
  return facts.closest('.ant-drawer') as HTMLElement;
}

/** Opens the issue dialog of a work order; answers the dialog. */
async function openIssue(inv: TInvoiceDetail): Promise<HTMLElement> {
  const drawer = await openOrder(inv);
  await userEvent.click(within(drawer).getByTestId('ops-invoice-issue'));
  return dialogTitled(`开具发票：${inv.ticketNo}`);
}

/** A dialog by its title (in jsdom every antd id is "test-id", so accessible names by aria-labelledby do not resolve). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
}

/** Whether a dialog is closed: gone, hidden, or leaving (jsdom never ends antd's leave motion). */
function closing(dialog: HTMLElement): boolean {
  return !dialog.isConnected || isHidden(dialog) || /-leave\b/.test(dialog.className);
}

function fileInput(dialog: HTMLElement): HTMLInputElement {
  const el = dialog.querySelector('input[type=file]');
  if (!el) throw new Error('no file input');
  return el as HTMLInputElement;
}

const pdf = () => new File(['%PDF-1.7 invoice'], 'invoice.pdf', { type: 'application/pdf' });

function issueCall(a: ReturnType<typeof mockApi>, n = 0): RequestInit {
  const calls = a.fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/ops/invoice/issue'));
  return calls[n][1] as RequestInit;
}

beforeEach(() => {
  resetState();
  staff();
});

describe('back office: issuing invoices', () => {
  test('the state tabs show the count of each state; another tab asks for its state and shows who handled it', async () => {
    const a = opsApi();
    renderApp('/ops/invoices');
    expect(await screen.findByTestId('ops-menu-invoices')).toBeTruthy();
    await screen.findByRole('button', { name: `办理 ${ORDINARY.ticketNo}` });
    expect(a.callsTo('/ops/invoice/list')[0].body).toEqual({ status: 'in_progress', pageNum: 1, pageSize: 20 });
    expect(screen.getByTestId('ops-invoices-count-in_progress').textContent).toBe('3');
    expect(screen.getByTestId('ops-invoices-count-issued').textContent).toBe('12');
    expect(screen.getByTestId('ops-invoices-count-cancelled').textContent).toBe('1');
    const table = screen.getByTestId('ops-invoices');
    expect(within(table).getByText('电子普票')).toBeTruthy();
    expect(within(table).getByText('纸质专票')).toBeTruthy();
    expect(within(table).getAllByText('¥838.00')).toHaveLength(2);

    await userEvent.click(screen.getByRole('tab', { name: /已开票/ }));
    await waitFor(() => expect(a.callsTo('/ops/invoice/list').some((c) => (c.body as { status: string }).status === 'issued')).toBe(true));
    expect(await screen.findByText('运营小李')).toBeTruthy();
    expect(screen.getByText('2026-11-19 03:00')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '开票人' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '应开具日期（UTC）' })).toBeNull();

    await waitFor(() => userEvent.click(screen.getByLabelText('工单号 / 公司 / 发票抬头')), { timeout: 5000 });
    await userEvent.keyboard('示例{Enter}');
    await waitFor(() => expect(a.callsTo('/ops/invoice/list').at(-1)?.body).toEqual({ status: 'issued', keyword: '示例', pageNum: 1, pageSize: 20 }));
  });

  test('an issued work order shows its invoice, offers no issue or cancel, and downloads its file with a signed request', async () => {
    const a = opsApi({
      '/api/v1/ops/invoice/file': () =>
        new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${ISSUED.fileName}"` },
        }),
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp('/ops/invoices');
    await screen.findByRole('button', { name: `办理 ${ORDINARY.ticketNo}` });
    await userEvent.click(screen.getByRole('tab', { name: /已开票/ }));
    await screen.findByText('运营小李');
    await userEvent.click(screen.getByRole('button', { name: `查看 ${ISSUED.ticketNo}` }));
    const facts = await screen.findByTestId('ops-invoice-facts');
    const drawer = facts.closest('.ant-drawer') as HTMLElement;
    expect(within(facts).getByText('24312000000012345678')).toBeTruthy();
    expect(within(facts).getByText('2026-11-19 03:00 UTC · 运营小李')).toBeTruthy();
    expect(within(drawer).queryByTestId('ops-invoice-issue')).toBeNull();
    expect(within(drawer).queryByTestId('ops-invoice-cancel')).toBeNull();

    await userEvent.click(within(drawer).getByTestId('ops-invoice-download'));
    await waitFor(() => expect(a.callsTo(`/ops/invoice/file?id=${ISSUED.id}`)).toHaveLength(1));
    expect(a.callsTo(`/ops/invoice/file?id=${ISSUED.id}`)[0].headers['X-Sign']).toMatch(/^[0-9a-f]{64}$/);
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
  });

  test('the drawer shows the header to copy, the deadline in working days and the amounts', async () => {
    opsApi();
    renderApp('/ops/invoices');
    const drawer = await openOrder(ORDINARY);
    const header = within(drawer).getByTestId('ops-invoice-header');
    expect(within(header).getByText('91310000MA1FL0001X')).toBeTruthy();
    expect(within(header).getByRole('button', { name: '复制纳税人识别号' })).toBeTruthy();
    expect(within(drawer).getByTestId('ops-invoice-due').textContent).toContain('申请后 2 个工作日内');
    const amounts = within(drawer).getByTestId('ops-invoice-amounts');
    expect(amounts.textContent).toContain('¥790.57');
    expect(amounts.textContent).toContain('税额（6%）¥47.43');
    expect(within(drawer).getByTestId('ops-invoice-statement')).toBeTruthy();
    expect(within(drawer).queryByTestId('ops-invoice-download')).toBeNull();
  });

  test('issuing an ordinary invoice sends the number, the date and the file in one signed multipart request', async () => {
    const a = opsApi();
    renderApp('/ops/invoices');
    const dialog = await openIssue(ORDINARY);
    await userEvent.type(within(dialog).getByTestId('ops-invoice-no'), 'INV-2026-0001');
    await userEvent.upload(fileInput(dialog), pdf());
    expect(await within(dialog).findByText('invoice.pdf')).toBeTruthy();
    const listsBefore = a.callsTo('/ops/invoice/list').length;
    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));

    await waitFor(() => expect(a.callsTo('/ops/invoice/issue')).toHaveLength(1));
    const init = issueCall(a);
    const { fields, files } = readMultipart(init);
    expect(fields).toEqual({ id: ORDINARY.id, invoiceNo: 'INV-2026-0001', invoiceDate: dayjs().format('YYYY-MM-DD') });
    expect(Object.keys(files)).toEqual(['file']);
    expect(files.file).toEqual({ filename: 'invoice.pdf', type: 'application/pdf', content: '%PDF-1.7 invoice' });
    expect(a.callsTo('/ops/invoice/issue')[0].headers['X-Sign']).toMatch(/^[0-9a-f]{64}$/);

    expect(await screen.findByText('发票已开具')).toBeTruthy();
    await waitFor(() => expect(closing(dialog)).toBe(true));
    await waitFor(() => expect(a.callsTo('/ops/invoice/list').length).toBeGreaterThan(listsBefore));
  });

  test('the issue form refuses an empty invoice number and, for an ordinary invoice, a missing file', async () => {
    const a = opsApi();
    renderApp('/ops/invoices');
    const dialog = await openIssue(ORDINARY);
    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));
    expect(await within(dialog).findByText('请输入发票号码')).toBeTruthy();
    expect(within(dialog).getByText('请上传发票文件')).toBeTruthy();
    await userEvent.type(within(dialog).getByTestId('ops-invoice-no'), 'INV 01');
    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));
    expect(await within(dialog).findByText('发票号码只能包含字母、数字和短横线')).toBeTruthy();
    expect(within(dialog).getByText('请上传发票文件')).toBeTruthy();

    // files the server would refuse are refused at once, next to the field, and not kept
    const help = () => dialog.querySelector('[id$="file_help"]')?.textContent;
    fireEvent.change(fileInput(dialog), { target: { files: [new File(['x'], 'scan.png', { type: 'image/png' })] } });
    await waitFor(() => expect(help()).toBe('文件格式错误，仅支持 PDF 或 OFD 文件'));
    fireEvent.change(fileInput(dialog), { target: { files: [new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(help()).toBe('文件不能超过 10 MB'));
    expect(within(dialog).queryByText('scan.png')).toBeNull();
    expect(within(dialog).queryByText('big.pdf')).toBeNull();
    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));
    await waitFor(() => expect(help()).toBe('请上传发票文件'));
    expect(a.callsTo('/ops/invoice/issue')).toHaveLength(0);
  });

  test('a special invoice needs the tracking note instead of the file', async () => {
    const a = opsApi({ '/api/v1/ops/invoice/issue': () => ({ ...SPECIAL, status: 'issued' }) });
    renderApp('/ops/invoices');
    const dialog = await openIssue(SPECIAL);
    expect(within(dialog).getByTestId('ops-invoice-send-to').textContent).toContain('上海市浦东新区世纪大道 100 号 8 楼');
    await userEvent.type(within(dialog).getByTestId('ops-invoice-no'), '44031234');
    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));
    expect(await within(dialog).findByText('请填写快递公司和运单号')).toBeTruthy();
    expect(within(dialog).queryByText('请上传发票文件')).toBeNull();
    expect(a.callsTo('/ops/invoice/issue')).toHaveLength(0);

    await userEvent.type(within(dialog).getByTestId('ops-invoice-tracking'), '顺丰速运 SF1234567890');
    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));
    await waitFor(() => expect(a.callsTo('/ops/invoice/issue')).toHaveLength(1));
    const { fields, files } = readMultipart(issueCall(a));
    expect(fields).toEqual({ id: SPECIAL.id, invoiceNo: '44031234', invoiceDate: dayjs().format('YYYY-MM-DD'), trackingNote: '顺丰速运 SF1234567890' });
    expect(files).toEqual({});
  });

  test('the server’s refusal is shown in the dialog: a state conflict above the form, a file that is no PDF at the file field', async () => {
    let calls = 0;
    const a = opsApi({
      '/api/v1/ops/invoice/issue': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ success: false, code: 31007, msg: '开票工单状态不允许该操作', obj: null }, 409)
          : jsonResponse({ success: false, code: 31008, msg: '发票文件须为 PDF 或 OFD 文件', obj: null }, 400);
      },
    });
    renderApp('/ops/invoices');
    const dialog = await openIssue(ORDINARY);
    await userEvent.type(within(dialog).getByTestId('ops-invoice-no'), 'INV-1');
    await userEvent.upload(fileInput(dialog), pdf());
    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));
    const alert = await within(dialog).findByTestId('ops-invoice-issue-error');
    expect(alert.textContent).toContain('开票工单状态不允许该操作');

    await userEvent.click(within(dialog).getByTestId('ops-invoice-issue-submit'));
    await waitFor(() => expect(a.callsTo('/ops/invoice/issue')).toHaveLength(2));
    await waitFor(() => expect(dialog.querySelector('[id$="file_help"]')?.textContent).toBe('发票文件须为 PDF 或 OFD 文件'));
    expect(within(dialog).queryByTestId('ops-invoice-issue-error')).toBeNull();
    await waitFor(() => expect(within(dialog).queryByText('invoice.pdf')).toBeNull());
    expect(closing(dialog)).toBe(false);
  });

  test('cancelling needs a reason; it is sent with the work order id', async () => {
    const a = opsApi();
    renderApp('/ops/invoices');
    const drawer = await openOrder(ORDINARY);
    await userEvent.click(within(drawer).getByTestId('ops-invoice-cancel'));
    const dialog = await dialogTitled('取消开票申请');
    expect(within(dialog).getByTestId('ops-invoice-cancel-text').textContent).toContain(ORDINARY.ticketNo);
    await userEvent.click(within(dialog).getByTestId('ops-invoice-cancel-submit'));
    expect(await within(dialog).findByText('请填写取消原因')).toBeTruthy();
    expect(a.callsTo('/ops/invoice/cancel')).toHaveLength(0);
    await userEvent.type(within(dialog).getByTestId('ops-invoice-cancel-reason'), '  抬头与付款方不一致  ');
    await userEvent.click(within(dialog).getByTestId('ops-invoice-cancel-submit'));
    await waitFor(() => expect(a.callsTo('/ops/invoice/cancel')).toHaveLength(1));
    expect(a.callsTo('/ops/invoice/cancel')[0].body).toEqual({ id: ORDINARY.id, reason: '抬头与付款方不一致' });
    expect(await screen.findByText('已取消该开票申请')).toBeTruthy();
    await waitFor(() => expect(closing(dialog)).toBe(true));
  });
});
