import fc from 'fast-check';

/** Texts that have broken servers: control characters, broken Unicode, sizes, SQL and path characters, numbers as text. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0003',
  '\u001b[31mred',
  '\u007f',
  '\ud800',
  'x\udc00',
  '\ud83d\ude00',
  '\ufeff',
  '\u202e',
  '\r\n',
  '\t',
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '%00',
  '$' + '{jndi:ldap://x}',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '-9223372036854775809',
  '2026-13-45',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  'infinity',
  '00000000-0000-0000-0000-000000000000',
  '------------------------------------',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '860000000000001',
  '8600000000000010',
  '+8613800000000',
  'a@b.c',
  'x'.repeat(201),
  'x'.repeat(5_000),
  '字'.repeat(70_000),
];

export const HOSTILE_NUMBERS: readonly unknown[] = [
  -1,
  0,
  -0,
  0.5,
  -2.5,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  2 ** 63,
  -(2 ** 63),
  5e-324,
];

/** A cursor the device list never gave: decodes, and would fail a cast or a comparison. */
export const forgedCursor: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('created_desc', 'usage_yesterday_desc', 'usage_yesterday_asc', 'usage_month_desc', 'usage_month_asc', 'other'),
    fc.oneof(
      fc.constantFrom(...HOSTILE_TEXTS.slice(0, 40)),
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    ),
    fc.oneof(fc.uuid(), fc.constantFrom('------------------------------------', 'x', '')),
  )
  .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));

/** A text: a hostile one, generated Unicode with control characters, or a valid one spoiled by a control character. */
export function hostileText(valid?: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const base = valid ?? fc.string();
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.nat(), fc.constantFrom('\u0000', '\u0007', '\n', '\ud800', '\u001f'))
        .map(([s, at, c]) => s.slice(0, at % (s.length + 1)) + c + s.slice(at % (s.length + 1))),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 300, maxLength: 3000 }) },
    { weight: 1, arbitrary: forgedCursor },
  );
}

/** A value of the wrong type for whatever was expected. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_TEXTS.slice(0, 20)),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** JSON nested deeper than any request declares (as text: too deep for JSON.stringify's recursion). */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? `${'['.repeat(depth)}"deep\\u0000"${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Bodies that are not JSON, or not the JSON they seem. */
export const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '[',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
  '\u0000',
  '{"x":"\\ud800"}',
  '{"x":1e999}',
  `{"x":${'9'.repeat(400)}}`,
  '\ufeff{}',
];

/** A file of the right kind or not: random bytes, a signature then noise, or nothing at all. */
export const garbageFile: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
  fc
    .tuple(
      fc.constantFrom(
        Buffer.from('PK\u0003\u0004', 'latin1'),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('%PDF-1.7\n'),
        Buffer.from('<?xml version="1.0"?>'),
      ),
      fc.uint8Array({ maxLength: 2048 }),
    )
    .map(([head, tail]) => Buffer.concat([head, Buffer.from(tail)])),
  fc.constant(Buffer.alloc(0)),
);
