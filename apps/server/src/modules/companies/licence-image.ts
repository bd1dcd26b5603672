import { createInflate } from 'node:zlib';

/**
 * The business licence image, decided by its content (never by its name or declared type) and
 * rewritten without its metadata before it is stored. No image library: both formats are parsed
 * here, structurally, and only the parts needed to show the picture are kept.
 *
 * JPEG: the segments, tables, frame and scans are checked (a baseline, extended or progressive
 * Huffman JPEG, as browsers show); kept are the JFIF header (without its thumbnail), the
 * quantisation and Huffman tables, the frame, restart interval, the scans and the Adobe colour
 * transform marker; dropped are every other APPn segment (EXIF, XMP, ICC, Photoshop…), comments
 * and anything after the end of the image. The EXIF orientation, the one EXIF field that changes
 * how the picture is shown, is written back alone in a minimal EXIF segment.
 *
 * PNG: every chunk's CRC, the header, palette and transparency rules, and the image data itself
 * (inflated as a stream: its size and every scanline's filter type) are checked; kept are the
 * critical chunks and the chunks that change how pixels render (tRNS, gAMA, cHRM, sRGB, iCCP,
 * sBIT, cICP); dropped are text, EXIF, time, physical size, animation and unknown chunks, and
 * anything after IEND.
 */
export type CleanImage = { type: 'image/jpeg' | 'image/png'; data: Buffer; width: number; height: number };

class NotAnImage extends Error {}
function fail(why: string): never {
  throw new NotAnImage(why);
}

/** The image rewritten without metadata, or null when the bytes are not a well-formed JPG or PNG. */
export async function cleanLicenceImage(input: Buffer): Promise<CleanImage | null> {
  try {
    if (isPng(input)) return await cleanPng(input);
    if (isJpeg(input)) return cleanJpeg(input);
    return null;
  } catch (e) {
    if (e instanceof NotAnImage) return null;
    throw e;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (b: Buffer) => b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

// ---------------------------------------------------------------- JPEG

/** Frame types a browser decodes: baseline, extended sequential and progressive (Huffman). */
const SOF_SHOWN = new Set([0xc0, 0xc1, 0xc2]);
/** Other frame types: lossless, hierarchical, arithmetic. */
const SOF_OTHER = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

type Frame = { progressive: boolean; width: number; height: number; components: Map<number, number> };

function segment(marker: number, body: Buffer): Buffer {
  if (body.length + 2 > 0xffff) fail('segment too long');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** JFIF APP0 without its thumbnail: version, density units and density. */
function cleanJfif(body: Buffer): Buffer | null {
  if (body.length < 14 || body.toString('latin1', 0, 5) !== 'JFIF\0') return null;
  const out = Buffer.alloc(14);
  body.copy(out, 0, 0, 12); // identifier, version, units, x and y density
  out[12] = 0; // no thumbnail
  out[13] = 0;
  return segment(0xe0, out);
}

/** The EXIF orientation (1–8), or 1 when absent or unreadable. */
export function exifOrientation(body: Buffer): number {
  if (body.length < 14 || body.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = body.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const le = order === 'II';
  const u16 = (o: number) => (o + 2 <= tiff.length ? (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o)) : -1);
  const u32 = (o: number) => (o + 4 <= tiff.length ? (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o)) : -1);
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  const n = u16(ifd);
  if (ifd < 8 || n < 0) return 1;
  for (let i = 0; i < n; i++) {
    const e = ifd + 2 + i * 12;
    if (e + 12 > tiff.length) return 1;
    if (u16(e) === 0x0112 && u16(e + 2) === 3 && u32(e + 4) === 1) {
      const v = u16(e + 8);
      return v >= 1 && v <= 8 ? v : 1;
    }
  }
  return 1;
}

/** A minimal EXIF APP1 holding nothing but the orientation. */
function orientationSegment(orientation: number): Buffer {
  const b = Buffer.alloc(6 + 8 + 2 + 12 + 4);
  b.write('Exif\0\0', 0, 'latin1');
  b.write('MM', 6, 'latin1');
  b.writeUInt16BE(42, 8);
  b.writeUInt32BE(8, 10); // IFD0 right after the header
  b.writeUInt16BE(1, 14); // one entry
  b.writeUInt16BE(0x0112, 16); // Orientation
  b.writeUInt16BE(3, 18); // SHORT
  b.writeUInt32BE(1, 20); // count
  b.writeUInt16BE(orientation, 24);
  b.writeUInt32BE(0, 28); // no next IFD
  return segment(0xe1, b);
}

function parseDqt(body: Buffer, defined: Set<number>): void {
  let i = 0;
  if (body.length === 0) fail('empty DQT');
  while (i < body.length) {
    const pq = body[i] >> 4;
    const tq = body[i] & 15;
    if (pq > 1 || tq > 3) fail('bad DQT');
    i += 1 + 64 * (pq + 1);
    if (i > body.length) fail('short DQT');
    defined.add(tq);
  }
}

function parseDht(body: Buffer, dc: Set<number>, ac: Set<number>): void {
  let i = 0;
  if (body.length === 0) fail('empty DHT');
  while (i < body.length) {
    if (i + 17 > body.length) fail('short DHT');
    const tc = body[i] >> 4;
    const th = body[i] & 15;
    if (tc > 1 || th > 3) fail('bad DHT');
    let count = 0;
    // a length-l code space holds 2^l codes: the counts must fit it (a Kraft check)
    let room = 1;
    for (let l = 0; l < 16; l++) {
      const n = body[i + 1 + l];
      room = room * 2 - n;
      if (room < 0) fail('over-full DHT');
      count += n;
    }
    if (count === 0 || count > 256) fail('bad DHT count');
    i += 17 + count;
    if (i > body.length) fail('short DHT values');
    (tc === 0 ? dc : ac).add(th);
  }
}

function parseFrame(marker: number, body: Buffer): Frame {
  if (body.length < 6) fail('short SOF');
  const precision = body[0];
  const height = body.readUInt16BE(1);
  const width = body.readUInt16BE(3);
  const nf = body[5];
  if (precision !== 8) fail('precision other than 8 bits');
  if (height === 0 || width === 0) fail('no size');
  if (nf < 1 || nf > 4 || body.length !== 6 + 3 * nf) fail('bad SOF components');
  const components = new Map<number, number>();
  for (let c = 0; c < nf; c++) {
    const id = body[6 + 3 * c];
    const h = body[7 + 3 * c] >> 4;
    const v = body[7 + 3 * c] & 15;
    const tq = body[8 + 3 * c];
    if (components.has(id) || h < 1 || h > 4 || v < 1 || v > 4 || tq > 3) fail('bad SOF component');
    components.set(id, tq);
  }
  return { progressive: marker === 0xc2, width, height, components };
}

/** A scan's header; the tables it uses must be defined before it (they may follow the frame). */
function parseScanHeader(body: Buffer, frame: Frame, tables: { qt: Set<number>; dc: Set<number>; ac: Set<number> }, covered: Set<number>): void {
  const { qt, dc, ac } = tables;
  const ns = body[0];
  if (ns < 1 || ns > 4 || body.length !== 4 + 2 * ns) fail('bad SOS');
  const ss = body[1 + 2 * ns];
  const se = body[2 + 2 * ns];
  const ah = body[3 + 2 * ns] >> 4;
  const al = body[3 + 2 * ns] & 15;
  if (!frame.progressive) {
    if (ss !== 0 || se !== 63 || ah !== 0 || al !== 0) fail('bad sequential scan');
  } else {
    if (ss > se || se > 63 || ah > 13 || al > 13 || (ss === 0 && se !== 0) || (ss > 0 && ns !== 1)) fail('bad progressive scan');
  }
  const seen = new Set<number>();
  for (let c = 0; c < ns; c++) {
    const id = body[1 + 2 * c];
    const td = body[2 + 2 * c] >> 4;
    const ta = body[2 + 2 * c] & 15;
    if (!frame.components.has(id) || seen.has(id) || td > 3 || ta > 3) fail('bad scan component');
    seen.add(id);
    covered.add(id);
    if (!qt.has(frame.components.get(id) as number)) fail('quantisation table not defined');
    const needsDc = !frame.progressive || (ss === 0 && ah === 0);
    const needsAc = !frame.progressive || ss > 0;
    if (needsDc && !dc.has(td)) fail('DC table not defined');
    if (needsAc && !ac.has(ta)) fail('AC table not defined');
  }
}

/** The end of a scan's entropy-coded data: the first marker that is not a stuffed byte or a restart. */
function entropyEnd(b: Buffer, from: number): number {
  let i = from;
  for (;;) {
    i = b.indexOf(0xff, i);
    if (i < 0 || i + 1 >= b.length) fail('scan not terminated');
    const next = b[i + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i += 2;
    else if (next === 0xff) i += 1;
    else return i;
  }
}

function cleanJpeg(b: Buffer): CleanImage {
  const kept: Buffer[] = [];
  let jfif: Buffer | null = null;
  let orientation = 1;
  const qt = new Set<number>();
  const dc = new Set<number>();
  const ac = new Set<number>();
  const covered = new Set<number>();
  let frame: Frame | null = null;
  let scans = 0;
  let pos = 2;
  for (;;) {
    if (pos >= b.length || b[pos] !== 0xff) fail('marker expected');
    while (pos < b.length && b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) fail('truncated');
    const start = pos; // the marker byte
    const marker = b[pos++];
    if (marker === 0xd9) break; // EOI: anything after it is dropped
    if (marker === 0x00 || marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) fail('marker out of place');
    if (pos + 2 > b.length) fail('truncated');
    const length = b.readUInt16BE(pos);
    if (length < 2 || pos + length > b.length) fail('bad segment length');
    const body = b.subarray(pos + 2, pos + length);
    const whole = Buffer.concat([Buffer.from([0xff, marker]), b.subarray(pos, pos + length)]);
    pos += length;

    if (marker === 0xe0) {
      if (!jfif && kept.length === 0) jfif = cleanJfif(body);
    } else if (marker === 0xe1) {
      if (orientation === 1) orientation = exifOrientation(body);
    } else if (marker === 0xee) {
      // the Adobe marker says how the colour channels are encoded: a codec parameter, not metadata
      if (body.length === 12 && body.toString('latin1', 0, 5) === 'Adobe') kept.push(whole);
    } else if ((marker >= 0xe2 && marker <= 0xef) || marker === 0xfe) {
      // other APPn (ICC, XMP extension, Photoshop…) and comments: dropped
    } else if (marker === 0xdb) {
      parseDqt(body, qt);
      kept.push(whole);
    } else if (marker === 0xc4) {
      parseDht(body, dc, ac);
      kept.push(whole);
    } else if (marker === 0xdd) {
      if (length !== 4) fail('bad DRI');
      kept.push(whole);
    } else if (SOF_SHOWN.has(marker)) {
      if (frame) fail('second frame');
      frame = parseFrame(marker, body);
      kept.push(whole);
    } else if (SOF_OTHER.has(marker)) {
      fail('frame type not shown by browsers');
    } else if (marker === 0xda) {
      if (!frame) fail('scan before frame');
      parseScanHeader(body, frame, { qt, dc, ac }, covered);
      const end = entropyEnd(b, pos);
      if (end === pos) fail('empty scan');
      kept.push(Buffer.from([0xff]), b.subarray(start, end));
      pos = end;
      scans++;
    } else {
      // DNL, DHP, EXP, DAC, JPGn and reserved markers: not in a JPEG a browser shows
      fail(`unexpected marker ${marker.toString(16)}`);
    }
  }
  if (!frame || scans === 0) fail('no image data');
  const f = frame as Frame;
  for (const id of f.components.keys()) if (!covered.has(id)) fail('component without a scan');
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  if (jfif) parts.push(jfif);
  if (orientation !== 1) parts.push(orientationSegment(orientation));
  parts.push(...kept, Buffer.from([0xff, 0xd9]));
  return { type: 'image/jpeg', data: Buffer.concat(parts), width: f.width, height: f.height };
}

// ---------------------------------------------------------------- PNG

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

async function cleanPng(b: Buffer): Promise<CleanImage> {
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
