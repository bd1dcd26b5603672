import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { INVOICE_TAX_PERCENT, type Locale, type TInvoiceDetail } from '@rrp/contracts';
import PDFDocument from 'pdfkit';
import type { FileReply } from '../../http/handler.js';
import { type MessageKey, t } from '../../i18n/index.js';

const require = createRequire(import.meta.url);

/** Noto Sans SC (SIL Open Font License), installed from the npm registry with the server; subset into each PDF. */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
let fonts: Record<keyof typeof FONT_FILES, Buffer> | null = null;
const loadFonts = () => {
  fonts ??= { regular: readFileSync(require.resolve(FONT_FILES.regular)), bold: readFileSync(require.resolve(FONT_FILES.bold)) };
  return fonts;
};

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
const money = (yuan: number) => yuan.toFixed(2);

/**
 * A PDF statement of an application in the reader's language: the work order, header,
 * recipient, orders, net, tax and total. It says it is not a tax invoice.
 */
export function renderStatement(inv: TInvoiceDetail, locale: Locale, now = new Date()): Promise<Buffer> {
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);
  const f = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${tr('invoice.statement.title')} ${inv.ticketNo}`, Author: 'RRP Console' },
  });
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(12).fillColor('#111').text(text, left, doc.y, { width });
    doc.moveDown(0.3);
  };
  const pair = (label: string, value: string | null) => {
    const y = doc.y;
    doc.font('regular').fontSize(10).fillColor('#555').text(label, left, y, { width: 120 });
    doc.fillColor('#111').text(value || '—', left + 130, y, { width: width - 130 });
    doc.y = Math.max(doc.y, y) + 3;
  };

  doc.font('bold').fontSize(18).fillColor('#111').text(tr('invoice.statement.title'), { width });
  doc.moveDown(0.3).font('regular').fontSize(10).fillColor('#b42318').text(tr('invoice.statement.notInvoice'), { width });

  heading(tr('invoice.statement.ticketNo'));
  pair(tr('invoice.statement.ticketNo'), inv.ticketNo);
  pair(tr('invoice.statement.type'), tr(`invoice.type.${inv.type}`));
  pair(tr('invoice.statement.status'), tr(`invoice.status.${inv.status}`));
  pair(tr('invoice.statement.company'), inv.companyName);
  pair(tr('invoice.statement.appliedAt'), `${utc(inv.appliedAt)} UTC`);
  pair(tr('invoice.statement.applicant'), inv.applicant);
  if (inv.invoiceNo) pair(tr('invoice.statement.invoiceNo'), inv.invoiceNo);

  heading(tr('invoice.statement.header'));
  for (const k of ['title', 'taxpayerId', 'bank', 'bankAccount', 'registeredAddress', 'registeredPhone'] as const) {
    pair(tr(`invoice.statement.title.${k}`), inv.title[k]);
  }
  heading(tr('invoice.statement.recipient'));
  for (const k of ['name', 'phone', 'address', 'email'] as const) pair(tr(`invoice.statement.recipient.${k}`), inv.recipient[k]);

  heading(tr('invoice.statement.orders'));
  const cols = [
    { key: 'invoice.statement.order.no' as const, w: 0.34, align: 'left' as const },
    { key: 'invoice.statement.order.product' as const, w: 0.34, align: 'left' as const },
    { key: 'invoice.statement.order.quantity' as const, w: 0.12, align: 'right' as const },
    { key: 'invoice.statement.order.amount' as const, w: 0.2, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i].w * width - 6 }));
    const h = Math.max(...heights) + 6;
    if (doc.y + h > bottom()) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.fillColor('#111').text(c, x + 3, y + 3, { width: cols[i].w * width - 6, align: cols[i].align });
      x += cols[i].w * width;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#ccc')
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };
  row(
    cols.map((c) => tr(c.key)),
    'bold',
  );
  for (const o of inv.orders) row([o.orderNo, o.productName, String(o.quantity), money(o.amount)], 'regular');

  doc.moveDown(0.8);
  pair(tr('invoice.statement.net'), money(inv.net));
  pair(tr('invoice.statement.tax', { rate: INVOICE_TAX_PERCENT }), money(inv.tax));
  doc.font('bold');
  pair(tr('invoice.statement.total'), money(inv.total));

  doc.moveDown(1).font('regular').fontSize(9).fillColor('#555');
  doc.text(tr('invoice.statement.expected', { type: tr(`invoice.type.${inv.type}`), days: inv.expectedWorkingDays }), left, doc.y, { width });
  doc.text(tr('invoice.statement.notInvoice'), { width });
  doc.text(tr('invoice.statement.generated', { time: utc(now.toISOString()) }), { width });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#888')
      .text(tr('invoice.statement.page', { page: i + 1, pages: range.count }), left, doc.page.height - 35, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

export async function statementFile(inv: TInvoiceDetail, locale: Locale): Promise<FileReply> {
  return {
    contentType: 'application/pdf',
    body: await renderStatement(inv, locale),
    filename: t(locale, 'invoice.statement.file', { ticketNo: inv.ticketNo }),
    cacheControl: 'private, no-store',
  };
}
