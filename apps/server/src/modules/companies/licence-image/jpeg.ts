import { type CleanImage, fail } from './clean-image.js';

// JPEG: segments, tables, frame and scans checked; only what shows the picture is kept.
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

export function cleanJpeg(b: Buffer): CleanImage {
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
