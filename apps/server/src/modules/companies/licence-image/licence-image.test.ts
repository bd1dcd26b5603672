import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { exif, jfif, jpeg, jpegSegment, PDF, PNG_SIGNATURE, png, pngChunk, pngText } from '../../../../test/images.js';
import { cleanLicenceImage, exifOrientation } from './index.js';

const has = (b: Buffer, s: string) => b.includes(Buffer.from(s, 'latin1'));
/** The marker codes of a JPEG's segments up to the first scan. */
function markers(b: Buffer): number[] {
  const out: number[] = [];
  let p = 2;
  while (p < b.length && b[p] === 0xff) {
    const m = b[p + 1];
    out.push(m);
    if (m === 0xda) break;
    p += 2 + b.readUInt16BE(p + 2);
  }
  return out;
}
/** The chunk types of a PNG, in order. */
function chunks(b: Buffer): string[] {
  const out: string[] = [];
  for (let p = 8; p + 8 <= b.length; p += 12 + b.readUInt32BE(p)) out.push(b.toString('latin1', p + 4, p + 8));
  return out;
}

describe('JPEG', () => {
  it('accepts a baseline and a progressive JPEG, grey or colour, and keeps a clean one byte for byte', async () => {
    for (const opts of [{}, { components: 3 as const }, { progressive: true }, { progressive: true, components: 3 as const, width: 33, height: 17 }]) {
      const input = jpeg(opts);
      const out = await cleanLicenceImage(input);
      expect(out?.type).toBe('image/jpeg');
      expect(out?.data.equals(input)).toBe(true);
    }
    expect(await cleanLicenceImage(jpeg({ width: 640, height: 480 }))).toMatchObject({ width: 640, height: 480 });
  });

  it('strips EXIF, XMP, ICC, Photoshop and comment segments and data after the end, keeping only the orientation', async () => {
    const input = jpeg({
      before: [
        jfif({ w: 2, h: 2 }),
        exif(6),
        jpegSegment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><dc:creator>Jane Doe</dc:creator></x:xmpmeta>', 'latin1')),
        jpegSegment(0xe2, Buffer.from('ICC_PROFILE\0\x01\x01lcms-profile-of-jane', 'latin1')),
        jpegSegment(0xed, Buffer.from('Photoshop 3.0\x008BIM caption', 'latin1')),
        jpegSegment(0xfe, Buffer.from('<script>alert(document.cookie)</script>', 'latin1')),
      ],
      after: Buffer.from('<?php system($_GET["c"]); ?>', 'latin1'),
    });
    const out = await cleanLicenceImage(input);
    expect(out?.type).toBe('image/jpeg');
    const data = out?.data as Buffer;
    for (const s of ['SecretCam', 'Jane Doe', 'xmpmeta', 'ICC_PROFILE', 'Photoshop', '<script>', '<?php']) expect(has(data, s), s).toBe(false);
    // JFIF without its thumbnail, a minimal EXIF with the orientation alone, then the image
    expect(markers(data)).toEqual([0xe0, 0xe1, 0xdb, 0xc0, 0xc4, 0xc4, 0xda]);
    expect(data.readUInt16BE(4)).toBe(16);
    const app1 = data.subarray(22, 22 + 2 + data.readUInt16BE(22));
    expect(exifOrientation(app1.subarray(2))).toBe(6);
    expect(app1.length).toBeLessThan(40);
    expect(data.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    // the clean image is stable: cleaning it again changes nothing
    expect((await cleanLicenceImage(data))?.data.equals(data)).toBe(true);
  });

  it('drops an upright orientation and keeps the Adobe colour-transform marker', async () => {
    const adobe = jpegSegment(0xee, Buffer.from([0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, 1]));
    const out = (await cleanLicenceImage(jpeg({ components: 3, before: [exif(1), adobe] })))?.data as Buffer;
    expect(markers(out)).toEqual([0xee, 0xdb, 0xc0, 0xc4, 0xc4, 0xda]);
  });

  it('refuses what is not a whole JPEG a browser shows', async () => {
    const good = jpeg();
    const sof = good.indexOf(Buffer.from([0xff, 0xc0]));
    const cases: Record<string, Buffer> = {
      'a script named .jpg': Buffer.from('<script>alert(1)</script>\n', 'latin1'),
      'a script behind the JPEG magic': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>', 'latin1')]),
      'no end of image': good.subarray(0, good.length - 2),
      'cut in the middle': good.subarray(0, sof + 5),
      'a segment longer than the file': Buffer.concat([good.subarray(0, 2), Buffer.from([0xff, 0xe1, 0xff, 0xff, 1, 2, 3])]),
      'no frame': Buffer.concat([good.subarray(0, sof), Buffer.from([0xff, 0xd9])]),
      'arithmetic coding': Buffer.from(good.toString('latin1').replace('\xff\xc0', '\xff\xc9'), 'latin1'),
      '12-bit samples': (() => {
        const b = Buffer.from(good);
        b[sof + 4] = 12;
        return b;
      })(),
      'a zero width': (() => {
        const b = Buffer.from(good);
        b.writeUInt16BE(0, sof + 7);
        return b;
      })(),
      'no Huffman tables': jpeg().subarray(0, 0),
    };
    cases['no Huffman tables'] = Buffer.from(good.toString('latin1').replace(/\xff\xc4[\s\S]{20}/g, ''), 'latin1');
    for (const [name, b] of Object.entries(cases)) expect(await cleanLicenceImage(b), name).toBeNull();
  });
});

describe('PNG', () => {
  it('accepts a PNG, interlaced or not, and keeps a clean one byte for byte', async () => {
    for (const opts of [{}, { interlace: true, width: 13, height: 9 }, { width: 1, height: 1, interlace: true }]) {
      const input = png(opts);
      const out = await cleanLicenceImage(input);
      expect(out).toMatchObject({ type: 'image/png', width: opts.width ?? 4, height: opts.height ?? 3 });
      expect(out?.data.equals(input)).toBe(true);
    }
  });

  it('keeps critical and rendering chunks, and drops text, EXIF, time, size, unknown chunks and what follows IEND', async () => {
    const input = png({
      extra: [
        pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
        pngChunk('sRGB', Buffer.from([0])),
        pngChunk('tRNS', Buffer.from([0, 1, 0, 2, 0, 3])),
        pngText('Author', 'Jane Doe'),
        pngChunk('iTXt', Buffer.from('Comment\0\0\0\0\0<script>alert(1)</script>', 'latin1')),
        pngChunk('zTXt', Buffer.concat([Buffer.from('Software\0\0', 'latin1'), deflateSync(Buffer.from('SecretScanner'))])),
        pngChunk('eXIf', exif(6).subarray(10)),
        pngChunk('tIME', Buffer.from([7, 234, 1, 2, 3, 4, 5])),
        pngChunk('pHYs', Buffer.from([0, 0, 11, 19, 0, 0, 11, 19, 1])),
        pngChunk('prVt', Buffer.from('private', 'latin1')),
      ],
      late: [pngText('Comment', 'late text')],
      after: Buffer.from('%PDF-1.7 hidden', 'latin1'),
    });
    const out = (await cleanLicenceImage(input))?.data as Buffer;
    expect(chunks(out)).toEqual(['IHDR', 'gAMA', 'sRGB', 'tRNS', 'IDAT', 'IEND']);
    for (const s of ['Jane Doe', '<script>', 'Software', 'SecretCam', 'private', 'late text', '%PDF']) expect(has(out, s), s).toBe(false);
    expect((await cleanLicenceImage(out))?.data.equals(out)).toBe(true);
  });

  it('refuses what is not a whole, valid PNG', async () => {
    const good = png();
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(4, 0);
    ihdr.writeUInt32BE(3, 4);
    const header = (depth: number, colour: number) => {
      const h = Buffer.from(ihdr);
      h[8] = depth;
      h[9] = colour;
      return h;
    };
    const idatAt = good.indexOf(Buffer.from('IDAT', 'latin1'));
    const cases: Record<string, Buffer> = {
      'a PDF named .png': PDF,
      'a PDF behind the PNG signature': Buffer.concat([PNG_SIGNATURE, PDF]),
      'a bad CRC': (() => {
        const b = Buffer.from(good);
        b[idatAt + 6] ^= 0xff;
        return b;
      })(),
      'no IEND': good.subarray(0, good.length - 12),
      'no IDAT': Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header(8, 2)), pngChunk('IEND')]),
      'a bad colour type': Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header(8, 5)), good.subarray(33)]),
      'a palette image without a palette': Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header(8, 3)), good.subarray(33)]),
      'too little image data': png({ raw: Buffer.alloc(20) }),
      'too much image data': png({ raw: Buffer.alloc(4 * 13 + 1) }),
      'a bad filter type': png({ raw: Buffer.concat([Buffer.from([9]), Buffer.alloc(12), Buffer.alloc(26)]) }),
      'broken zlib data': Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header(8, 2)), pngChunk('IDAT', Buffer.from('not zlib at all')), pngChunk('IEND')]),
      'an unknown critical chunk': png({ extra: [pngChunk('ABCD', Buffer.from([1]))] }),
      'IDAT chunks apart': (() => {
        const raw = Buffer.concat(Array.from({ length: 3 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(12)])));
        const z = deflateSync(raw);
        return Buffer.concat([
          PNG_SIGNATURE,
          pngChunk('IHDR', header(8, 2)),
          pngChunk('IDAT', z.subarray(0, 5)),
          pngText('a', 'b'),
          pngChunk('IDAT', z.subarray(5)),
          pngChunk('IEND'),
        ]);
      })(),
      'a GIF': Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
    };
    for (const [name, b] of Object.entries(cases)) expect(await cleanLicenceImage(b), name).toBeNull();
  });

  it('refuses a decompression bomb without inflating it', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr[8] = 8;
    ihdr[9] = 6;
    const bomb = Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(1 << 20))), pngChunk('IEND')]);
    expect(await cleanLicenceImage(bomb)).toBeNull();
  });
});
