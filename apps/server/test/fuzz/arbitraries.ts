import fc from 'fast-check';
import type { z } from 'zod';
import { hostileText, wrongType } from './hostile.js';

/** Real values of the database under test (ids, IMEIs, a cursor), so generated calls reach past "not found". */
export type Pool = { ids: string[]; imeis: string[]; emails: string[]; cursors: string[] };

type Check = { check: string; minimum?: number; maximum?: number; length?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp };
type Def = {
  type: string;
  checks?: { _zod: { def: Check } }[];
  format?: string;
  pattern?: RegExp;
  entries?: Record<string, string | number>;
  values?: unknown[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  left?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def): Check[] => [
  ...(d.checks ?? []).map((c) => c._zod.def),
  ...(d.format ? [{ check: 'string_format', format: d.format, pattern: d.pattern }] : []),
];

function validText(d: Def, pool: Pool): fc.Arbitrary<string> {
  const checks = checksOf(d);
  const format = checks.find((c) => c.check === 'string_format');
  const exact = checks.find((c) => c.check === 'length_equals')?.length;
  const min = exact ?? checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = exact ?? checks.find((c) => c.check === 'max_length')?.maximum ?? 64;
  const sized = fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(Math.max(max, min), 80) });
  if (format?.format === 'uuid' || format?.format === 'guid') return fc.oneof(fc.constantFrom(...pool.ids), fc.uuid());
  if (format?.format === 'email') return fc.oneof(fc.constantFrom(...pool.emails), fc.emailAddress());
  if (format?.format === 'url') return fc.webUrl();
  if (format?.pattern) {
    const pattern = format.pattern;
    if (/\\d\{1?5\}|\\d\{1,15\}/.test(pattern.source)) return fc.oneof(fc.constantFrom(...pool.imeis), fc.stringMatching(pattern));
    try {
      return fc.stringMatching(pattern).filter((s) => s.length <= Math.max(max, 1) * 4);
    } catch {
      return sized;
    }
  }
  return sized;
}

function validNumber(d: Def): fc.Arbitrary<number> {
  const checks = checksOf(d);
  const int = checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''));
  const low = checks.find((c) => c.check === 'greater_than')?.value;
  const high = checks.find((c) => c.check === 'less_than')?.value;
  if (int) return fc.integer({ min: Math.max(low ?? -1_000, -1e9), max: Math.min(high ?? 1_000_000, 1e9) });
  return fc.double({ min: low ?? -1e6, max: high ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values shaped by a request schema, each part sometimes hostile: a valid-looking value (real
 * ids and IMEIs among them), or one of the wrong type, too large, with control characters or
 * broken Unicode; objects sometimes miss keys or carry unknown ones.
 */
export function shaped(schema: z.ZodType | undefined, pool: Pool, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 12) return wrongType;
  const d = defOf(schema);
  const spoiled = (valid: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 5, arbitrary: valid }, { weight: 2, arbitrary: hostile }, { weight: 1, arbitrary: wrongType });
  switch (d.type) {
    case 'string': {
      const valid = validText(d, pool);
      return spoiled(valid, hostileText(valid));
    }
    case 'number':
    case 'int':
      return spoiled(
        validNumber(d),
        fc.oneof(
          fc.double(),
          fc.bigInt().map((b) => Number(b)),
          fc.integer({ min: -1e12, max: -1 }),
        ),
      );
    case 'boolean':
      return spoiled(fc.boolean(), fc.constantFrom('true', 1, 0, 'yes'));
    case 'enum':
      return spoiled(fc.constantFrom(...Object.values(d.entries ?? { x: 'x' })), hostileText());
    case 'literal':
      return spoiled(fc.constantFrom(...((d.values ?? [null]) as unknown[])), hostileText());
    case 'null':
      return spoiled(fc.constant(null), wrongType);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return shaped(d.innerType, pool, depth + 1);
    case 'pipe':
      return shaped(d.in, pool, depth + 1);
    case 'lazy':
      return shaped(d.getter?.(), pool, depth + 1);
    case 'intersection':
      return shaped(d.left, pool, depth + 1);
    case 'union':
      return fc.oneof(...(d.options ?? []).map((o) => shaped(o, pool, depth + 1)));
    case 'array': {
      const element = shaped(d.element, pool, depth + 1);
      return spoiled(fc.array(element, { maxLength: 5 }), fc.array(element, { minLength: 101, maxLength: 400 }));
    }
    case 'tuple':
      return fc.tuple(...(d.items ?? []).map((i) => shaped(i, pool, depth + 1)));
    case 'record':
      return fc.dictionary(hostileText(), shaped(d.valueType, pool, depth + 1), { maxKeys: 4 });
    case 'object': {
      const shape = d.shape ?? {};
      const known = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, shaped(v, pool, depth + 1)])), { requiredKeys: [] });
      const complete = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, shaped(v, pool, depth + 1)])));
      const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'k\u0000', 'toString')), wrongType, {
        maxKeys: 3,
      });
      return fc.oneof(
        { weight: 4, arbitrary: complete },
        { weight: 2, arbitrary: known },
        { weight: 1, arbitrary: fc.tuple(complete, extra).map(([a, b]) => ({ ...b, ...a })) },
        { weight: 1, arbitrary: wrongType },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}
