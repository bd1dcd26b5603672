import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, decodable test images built byte by byte: a flat-grey JPEG (every block's DC difference
 * and AC coefficients are zero, so one 1-bit Huffman code each) and a PNG of any size. Tests add
 * metadata segments and chunks around them.
 */

const seg = (marker: number, body: Buffer): Buffer => {
  const h = Buffer.from([0xff, marker, 0, 0]);
  h.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([h, body]);
};

/** A JFIF APP0, optionally with an RGB thumbnail of w × h pixels. */
export function jfif(thumb?: { w: number; h: number }): Buffer {
  const t = thumb ? Buffer.alloc(thumb.w * thumb.h * 3, 0x7f) : Buffer.alloc(0);
  return seg(0xe0, Buffer.concat([Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 2, 1, 0, 72, 0, 72, thumb?.w ?? 0, thumb?.h ?? 0]), t]));
}

const dqt = () => seg(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]));
/** One Huffman table holding one 1-bit code ('0') for symbol 0: DC "no difference", AC "end of block". */
const dht = (tc: 0 | 1) => seg(0xc4, Buffer.concat([Buffer.from([(tc << 4) | 0, 1]), Buffer.alloc(15, 0), Buffer.from([0])]));

/** `bits` zero bits, padded with ones to a byte. */
const zeroBits = (bits: number): Buffer => {
  const bytes = Buffer.alloc(Math.ceil(bits / 8), 0);
  if (bits % 8) bytes[bytes.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return bytes;
};

/**
 * A flat-grey JPEG: baseline (sequential) or progressive, 1 (grey) or 3 (YCbCr) components.
 * `before` goes after SOI (APPn, COM…), `after` after EOI.
 */
export function jpeg(opts: { width?: number; height?: number; components?: 1 | 3; progressive?: boolean; before?: Buffer[]; after?: Buffer } = {}): Buffer {
  const w = opts.width ?? 16;
  const h = opts.height ?? 8;
  const nc = opts.components ?? 1;
  const blocks = Math.ceil(w / 8) * Math.ceil(h / 8);
  const ids = [1, 2, 3].slice(0, nc);
  const sof = seg(
    opts.progressive ? 0xc2 : 0xc0,
    Buffer.concat([Buffer.from([8, h >> 8, h & 255, w >> 8, w & 255, nc]), ...ids.map((id) => Buffer.from([id, 0x11, 0]))]),
  );
  const sos = (comps: number[], ss: number, se: number) =>
    seg(0xda, Buffer.concat([Buffer.from([comps.length]), ...comps.map((id) => Buffer.from([id, 0x00])), Buffer.from([ss, se, 0])]));
  const scans: Buffer[] = [];
  if (!opts.progressive) scans.push(sos(ids, 0, 63), zeroBits(blocks * nc * 2));
  else {
    scans.push(sos(ids, 0, 0), zeroBits(blocks * nc));
    for (const id of ids) scans.push(sos([id], 1, 63), zeroBits(blocks));
  }
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...(opts.before ?? [jfif()]),
    dqt(),
    sof,
    dht(0),
    dht(1),
    ...scans,
    Buffer.from([0xff, 0xd9]),
    opts.after ?? Buffer.alloc(0),
  ]);
}

/** An APPn or COM segment. */
export const jpegSegment = seg;

/** An EXIF APP1 with a camera make, an artist and an orientation: what must not be stored (but the orientation). */
export function exif(orientation = 6, make = 'SecretCam', artist = 'Jane Doe GPS 31.2304N'): Buffer {
  const entries: [number, number, number, Buffer][] = [
    [0x010f, 2, make.length + 1, Buffer.from(`${make}\0`, 'latin1')],
    [0x0112, 3, 1, Buffer.from([orientation, 0, 0, 0])],
    [0x013b, 2, artist.length + 1, Buffer.from(`${artist}\0`, 'latin1')],
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  let extra = 8 + ifdSize;
  const ifd = Buffer.alloc(ifdSize);
  const blobs: Buffer[] = [];
  ifd.writeUInt16LE(entries.length, 0);
  entries.forEach(([tag, type, count, value], i) => {
    const o = 2 + i * 12;
    ifd.writeUInt16LE(tag, o);
    ifd.writeUInt16LE(type, o + 2);
    ifd.writeUInt32LE(count, o + 4);
    if (value.length <= 4) value.copy(ifd, o + 8);
    else {
      ifd.writeUInt32LE(extra, o + 8);
      blobs.push(value);
      extra += value.length;
    }
  });
  const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]), ifd, ...blobs]);
  return seg(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

export function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An RGB (8-bit) PNG of w × h pixels; `extra` chunks go before the image data, `late` after it,
 * `raw` replaces the scanlines (to spoil them), `after` follows IEND.
 */
export function png(
  opts: { width?: number; height?: number; interlace?: boolean; extra?: Buffer[]; late?: Buffer[]; raw?: Buffer; after?: Buffer } = {},
): Buffer {
  const w = opts.width ?? 4;
  const h = opts.height ?? 3;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  ihdr[12] = opts.interlace ? 1 : 0;
  let raw = opts.raw;
  if (!raw) {
    const rows: Buffer[] = [];
    const line = (n: number) => Buffer.concat([Buffer.from([0]), Buffer.alloc(n * 3, 0x80)]);
    if (!opts.interlace) for (let y = 0; y < h; y++) rows.push(line(w));
    else
      for (const [xs, ys, dx, dy] of [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]) {
        const pw = w > xs ? Math.ceil((w - xs) / dx) : 0;
        const ph = h > ys ? Math.ceil((h - ys) / dy) : 0;
        if (pw && ph) for (let y = 0; y < ph; y++) rows.push(line(pw));
      }
    raw = Buffer.concat(rows);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    ...(opts.extra ?? []),
    pngChunk('IDAT', deflateSync(raw)),
    ...(opts.late ?? []),
    pngChunk('IEND'),
    opts.after ?? Buffer.alloc(0),
  ]);
}

/** A tEXt chunk: keyword, NUL, text. */
export const pngText = (key: string, text: string) => pngChunk('tEXt', Buffer.from(`${key}\0${text}`, 'latin1'));

/** The first bytes of a PDF, as a file would start. */
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
