import type { MultipartSpec } from '@rrp/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseMultipart } from './multipart.js';

const BOUNDARY = '----rrp-test-boundary';
const CT = `multipart/form-data; boundary=${BOUNDARY}`;
const spec = { fields: z.object({}), files: { file: { maxBytes: 300_000 } }, maxBytes: 400_000 } as unknown as MultipartSpec;
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;
const END = `--${BOUNDARY}--\r\n`;
const BIG = 'x'.repeat(200_000);

/** How a parse ends, and how long it took. */
type Parsed = Awaited<ReturnType<typeof parseMultipart>>;
async function settle(body: string, settleMs = 300): Promise<{ ok?: Parsed; code?: number; ms: number }> {
  const t0 = performance.now();
  const out = await parseMultipart(Buffer.from(body), CT, spec, settleMs).then(
    (r): { ok?: Parsed; code?: number } => ({ ok: r }),
    (e: { code?: number }) => ({ code: e.code }),
  );
  return { ...out, ms: performance.now() - t0 };
}

describe('multipart bodies read whole', () => {
  it('gives the text fields and the declared file', async () => {
    const r = await settle(field('region', 'china_mainland') + file('file', 'PK\u0003\u0004abc') + END);
    expect(r.ok?.fields).toEqual({ region: 'china_mainland' });
    expect(r.ok?.files.file?.data.toString()).toBe('PK\u0003\u0004abc');
  });

  it('reads and drops parts past the limits, however large, instead of waiting on them', async () => {
    // busboy's own limits skip such parts and then never finish a body whose skipped part is large
    const extraFile = await settle(file('file', 'a') + file('other', BIG) + file('file', BIG) + END, 5_000);
    expect(extraFile.ok?.files.file?.data.toString()).toBe('a');
    expect(Object.keys(extraFile.ok?.files ?? {})).toEqual(['file']);
    const manyFields = await settle(Array.from({ length: 12 }, (_, i) => field(`f${i}`, 'v')).join('') + field('big', BIG) + END, 5_000);
    expect(Object.keys(manyFields.ok?.fields ?? {})).toHaveLength(10);
    for (const r of [extraFile, manyFields]) expect(r.ms).toBeLessThan(2_000);
  });

  it('refuses, in bounded time, a body busboy cannot finish: a large part it skips for a bare line break or a foreign disposition', async () => {
    for (const body of [
      field('a\nb', BIG) + END,
      field('a\rb', BIG) + END,
      `--${BOUNDARY}\r\nContent-Disposition: attachment; name="a"\r\n\r\n${BIG}\r\n${END}`,
    ]) {
      const r = await settle(body);
      expect(r.code).toBe(23005);
      expect(r.ms).toBeLessThan(2_000);
    }
  });

  it('refuses a truncated body and one that is not multipart at once', async () => {
    for (const body of [field('a', 'v'), 'not multipart at all']) {
      const r = await settle(body, 5_000);
      expect(r.code).toBe(23005);
      expect(r.ms).toBeLessThan(1_000);
    }
  });
});
