import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { PDF, png } from '../../../test/images.js';
import { ofdFile } from '../../../test/invoices.js';
import { invoiceFileKind } from './file-kind.js';

describe('invoice file kind, by content', () => {
  it('knows a PDF and an OFD package', async () => {
    expect(invoiceFileKind(PDF)).toBe('pdf');
    expect(invoiceFileKind(await ofdFile())).toBe('ofd');
  });

  it('refuses a PNG, a truncated PDF, a ZIP without OFD.xml at its root, and garbage', async () => {
    expect(invoiceFileKind(png())).toBeNull();
    expect(invoiceFileKind(PDF.subarray(0, 40))).toBeNull();
    const zip = new JSZip();
    zip.file('Doc_0/OFD.xml', '<x/>');
    zip.file('readme.txt', 'hello');
    expect(invoiceFileKind(await zip.generateAsync({ type: 'nodebuffer' }))).toBeNull();
    expect(invoiceFileKind(Buffer.from('PK\u0003\u0004 not really a zip'))).toBeNull();
    expect(invoiceFileKind(Buffer.alloc(0))).toBeNull();
  });
});
