import type { TInvoiceDetail } from '@rrp/contracts';

const DAY_MS = 86_400_000;

/**
 * A work order as `/ops/invoice/detail` answers it: an electronic ordinary invoice over two
 * orders, applied three days ago and in progress; tests override what they are about.
 */
export function invoiceDetail(overrides: Partial<TInvoiceDetail> = {}): TInvoiceDetail {
  const appliedAt = new Date(Date.now() - 3 * DAY_MS).toISOString();
  return {
    id: '0b9a1459-0000-4000-8000-0000000000e1',
    ticketNo: 'FP20261120000001',
    type: 'ordinary',
    status: 'in_progress',
    title: {
      title: '示例科技有限公司',
      taxpayerId: '91310000MA1FL0001X',
      bank: '招商银行上海分行',
      bankAccount: '1219 0000 0000 6666',
      registeredAddress: '上海市浦东新区世纪大道 100 号',
      registeredPhone: '021-55550100',
    },
    recipient: { name: '王五', phone: '13912345678', address: '', email: 'finance@corp.example' },
    net: 790.57,
    tax: 47.43,
    total: 838,
    orderNos: ['R20261120000000000001', 'R20261120000000000002'],
    companyId: 'c1',
    companyName: '示例科技',
    appliedAt,
    applicant: 'Alice',
    executor: null,
    issuedAt: null,
    invoiceNo: null,
    invoiceDate: null,
    fileName: null,
    trackingNote: null,
    cancelledAt: null,
    cancelReason: null,
    expectedWorkingDays: 2,
    orders: [
      { orderNo: 'R20261120000000000001', productName: '设备 License', quantity: 7, amount: 419.3, payMethod: 'wechat' },
      { orderNo: 'R20261120000000000002', productName: '设备 License', quantity: 7, amount: 418.7, payMethod: 'offline' },
    ],
    timeline: [{ at: appliedAt, kind: 'applied', by: 'Alice', note: null }],
    ...overrides,
  };
}

/** The same application as a paper special invoice, sent to a postal address. */
export function specialInvoice(overrides: Partial<TInvoiceDetail> = {}): TInvoiceDetail {
  return invoiceDetail({
    id: '0b9a1459-0000-4000-8000-0000000000e2',
    ticketNo: 'FP20261120000002',
    type: 'special',
    expectedWorkingDays: 3,
    recipient: { name: '王五', phone: '13912345678', address: '上海市浦东新区世纪大道 100 号 8 楼', email: 'finance@corp.example' },
    ...overrides,
  });
}

/** The fields and files of a multipart body as the issue request sent it. */
export function readMultipart(init: RequestInit): {
  fields: Record<string, string>;
  files: Record<string, { filename: string; type: string | undefined; content: string }>;
} {
  const type = (init.headers as Record<string, string>)['Content-Type'] ?? '';
  const boundary = /boundary=(\S+)/.exec(type)?.[1];
  if (!boundary) throw new Error(`not multipart: ${type}`);
  const text = new TextDecoder().decode(init.body as Uint8Array);
  const fields: Record<string, string> = {};
  const files: Record<string, { filename: string; type: string | undefined; content: string }> = {};
  for (const part of text.split(`--${boundary}`).slice(1, -1)) {
    const at = part.indexOf('\r\n\r\n');
    const head = part.slice(0, at);
    const content = part.slice(at + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename === undefined) fields[name] = content;
    else files[name] = { filename, type: /Content-Type: (.*)/.exec(head)?.[1], content };
  }
  return { fields, files };
}
