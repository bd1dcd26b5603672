import { inflateRawSync } from 'node:zlib';

/** Upload and inflation limits of an import file (zip bombs stop here). */
export const XLSX_LIMITS = {
  uploadBytes: 5 * 1024 * 1024,
  /** all entries together, inflated */
  inflatedBytes: 32 * 1024 * 1024,
  entries: 200,
} as const;

/**
 * Checks that a buffer is a ZIP archive whose entries inflate to a sane size. Reads the central
 * directory, refuses declared sizes over the limit, then inflates every entry with a hard output
 * cap (a header that lies about the size is caught too). Returns false for anything else.
 */
export function isSaneZip(buf: Buffer): boolean {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return false;
  // end of central directory: the last 0x06054b50 within the final 64 KiB
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return false;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  if (count === 0 || count > XLSX_LIMITS.entries) return false;
  let budget: number = XLSX_LIMITS.inflatedBytes;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return false;
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const declared = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    if (declared > budget) return false;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) return false;
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataStart + compressed > buf.length) return false;
    const data = buf.subarray(dataStart, dataStart + compressed);
    let size: number;
    if (method === 0) size = compressed;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: budget }).length;
      } catch {
        return false;
      }
    } else return false;
    budget -= size;
    if (budget < 0) return false;
    p += 46 + nameLen + extraLen + commentLen;
  }
  return true;
}
