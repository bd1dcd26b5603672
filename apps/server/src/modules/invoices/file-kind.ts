import type { InvoiceFileKind } from '@rrp/contracts';

const PDF = Buffer.from('%PDF-');
const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;

/** The names in a ZIP's central directory, or null when the bytes are not a well-formed ZIP. */
function zipNames(data: Buffer): string[] | null {
  if (data.length < 22 || data.readUInt32LE(0) !== ZIP_LOCAL) return null;
  // the end-of-central-directory record is within the last 64 KiB + 22 bytes (its comment)
  for (let at = data.length - 22; at >= Math.max(0, data.length - 65_557); at--) {
    if (data.readUInt32LE(at) !== ZIP_END) continue;
    const count = data.readUInt16LE(at + 10);
    let p = data.readUInt32LE(at + 16);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      if (p + 46 > data.length || data.readUInt32LE(p) !== ZIP_CENTRAL) return null;
      const nameLen = data.readUInt16LE(p + 28);
      const extraLen = data.readUInt16LE(p + 30);
      const commentLen = data.readUInt16LE(p + 32);
      names.push(data.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
      p += 46 + nameLen + extraLen + commentLen;
    }
    return names;
  }
  return null;
}

/**
 * What an uploaded invoice file is, by its content (its name and declared type are not
 * trusted): a PDF starts with `%PDF-` and has an `%%EOF` marker; an OFD (GB/T 33190) is a ZIP
 * package whose root holds `OFD.xml`. Anything else is null.
 */
export function invoiceFileKind(data: Buffer): InvoiceFileKind | null {
  if (data.subarray(0, 1024).indexOf(PDF) === 0 && data.subarray(-1024).includes('%%EOF')) return 'pdf';
  const names = zipNames(data);
  if (names?.some((n) => n === 'OFD.xml')) return 'ofd';
  return null;
}

export const FILE_TYPES: Record<InvoiceFileKind, string> = { pdf: 'application/pdf', ofd: 'application/ofd' };
