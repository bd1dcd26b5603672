import { createInflate } from 'node:zlib';
import { type CleanImage, fail, NotAnImage } from './clean-image.js';

// PNG: chunks, CRCs, header, palette and image data checked; only rendering chunks are kept.

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(data: Buffer): number {
  let c = -1;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** Ancillary chunks that change how the pixels render. */
const RENDERING_CHUNKS = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'cICP']);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];
/** Largest inflated image data checked (and so accepted): 256 MiB, about 8000 × 8000 RGBA. */
const MAX_RAW = 256 * 1024 * 1024;

type Header = { width: number; height: number; depth: number; colorType: number; interlace: number };

/** The scanlines of the image data: [rows, bytes per row without the filter byte] per pass. */
function scanlines(h: Header): [number, number][] {
  const bits = h.depth * CHANNELS[h.colorType];
  const rowBytes = (w: number) => Math.ceil((w * bits) / 8);
  if (h.interlace === 0) return [[h.height, rowBytes(h.width)]];
  const out: [number, number][] = [];
  for (const [xs, ys, dx, dy] of ADAM7) {
    const w = h.width > xs ? Math.ceil((h.width - xs) / dx) : 0;
    const rows = h.height > ys ? Math.ceil((h.height - ys) / dy) : 0;
    if (w > 0 && rows > 0) out.push([rows, rowBytes(w)]);
  }
  return out;
}

/**
 * Inflates the image data as a stream and checks it: exactly the size the header implies, and a
 * valid filter type (0–4) at the start of every scanline. Nothing is kept in memory.
 */
function checkImageData(idat: Buffer[], h: Header): Promise<void> {
  const lines = scanlines(h);
  const expected = lines.reduce((s, [rows, bytes]) => s + rows * (bytes + 1), 0);
  if (expected > MAX_RAW) fail('image too large to check');
  // offsets of the filter bytes, walked as the data arrives
  let pass = 0;
  let row = 0;
  let nextFilter = 0;
  let offset = 0;
  return new Promise((resolve, reject) => {
    const inflate = createInflate();
    let failed = false;
    const stop = (why: string) => {
      if (failed) return;
      failed = true;
      inflate.destroy();
      reject(new NotAnImage(why));
    };
    inflate.on('data', (chunk: Buffer) => {
      if (failed) return;
      if (offset + chunk.length > expected) return stop('too much image data');
      while (pass < lines.length && nextFilter < offset + chunk.length) {
        if (chunk[nextFilter - offset] > 4) return stop('bad filter type');
        nextFilter += lines[pass][1] + 1;
        if (++row === lines[pass][0]) {
          pass++;
          row = 0;
        }
      }
      offset += chunk.length;
    });
    inflate.on('error', () => stop('bad zlib data'));
    inflate.on('end', () => {
      if (failed) return;
      if (offset !== expected) return stop('image data size');
      resolve();
    });
    for (const d of idat) inflate.write(d);
    inflate.end();
  });
}

export async function cleanPng(b: Buffer): Promise<CleanImage> {
  const kept: Buffer[] = [];
  const idat: Buffer[] = [];
  let header: Header | null = null;
  let palette = 0;
  let idatState: 'before' | 'in' | 'after' = 'before';
  let pos = 8;
  for (;;) {
    if (pos + 12 > b.length) fail('truncated chunk');
    const length = b.readUInt32BE(pos);
    if (length > 0x7fffffff || pos + 12 + length > b.length) fail('bad chunk length');
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) fail('bad chunk type');
    const data = b.subarray(pos + 8, pos + 8 + length);
    if (crc32(b.subarray(pos + 4, pos + 8 + length)) !== b.readUInt32BE(pos + 8 + length)) fail(`bad CRC in ${type}`);
    const whole = b.subarray(pos, pos + 12 + length);
    pos += 12 + length;

    if (!header && type !== 'IHDR') fail('IHDR must come first');
    if (idatState === 'in' && type !== 'IDAT') idatState = 'after';
    switch (type) {
      case 'IHDR': {
        if (header || length !== 13) fail('bad IHDR');
        const h: Header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), depth: data[8], colorType: data[9], interlace: data[12] };
        if (h.width === 0 || h.height === 0 || h.width > 0x7fffffff || h.height > 0x7fffffff) fail('bad size');
        if (!DEPTHS[h.colorType]?.includes(h.depth)) fail('bad depth or colour type');
        if (data[10] !== 0 || data[11] !== 0 || h.interlace > 1) fail('bad methods');
        header = h;
        kept.push(whole);
        break;
      }
      case 'PLTE': {
        const h = header as Header;
        if (palette || idatState !== 'before' || length === 0 || length % 3 !== 0 || length / 3 > 256) fail('bad PLTE');
        if (h.colorType === 0 || h.colorType === 4) fail('PLTE not allowed');
        if (h.colorType === 3 && length / 3 > 2 ** h.depth) fail('PLTE too long');
        palette = length / 3;
        kept.push(whole);
        break;
      }
      case 'IDAT':
        if (idatState === 'after') fail('IDAT chunks not consecutive');
        if ((header as Header).colorType === 3 && !palette) fail('PLTE missing');
        idatState = 'in';
        idat.push(data);
        kept.push(whole);
        break;
      case 'IEND': {
        if (length !== 0 || idat.length === 0) fail('bad IEND');
        kept.push(whole);
        const h = header as Header;
        await checkImageData(idat, h);
        // anything after IEND is dropped
        return { type: 'image/png', data: Buffer.concat([PNG_SIGNATURE, ...kept]), width: h.width, height: h.height };
      }
      default: {
        const critical = type.charCodeAt(0) < 0x61;
        if (critical) fail(`unknown critical chunk ${type}`);
        // rendering chunks only count before the image data; the rest is metadata
        if (RENDERING_CHUNKS.has(type) && idatState === 'before') {
          if (type === 'tRNS') {
            const h = header as Header;
            const ok = h.colorType === 0 ? length === 2 : h.colorType === 2 ? length === 6 : h.colorType === 3 ? palette > 0 && length <= palette : false;
            if (!ok) fail('bad tRNS');
          }
          kept.push(whole);
        }
      }
    }
  }
}
