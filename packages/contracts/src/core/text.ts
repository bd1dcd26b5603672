import type { z } from 'zod';
import { child, layers } from './labels.js';

/**
 * Text a request may carry: no C0 control character (NUL and the like, which PostgreSQL cannot
 * store or which no person types), and no half of a surrogate pair. Tab, line feed and carriage
 * return are allowed inside a multi-line field only (feedback, a description, a list of IMEIs);
 * around any text they are whitespace the schema trims.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const LINE_BREAKS = /[\t\n\r]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const multilineFields = new WeakSet<z.ZodType>();

/** Marks a field whose text may span lines. Call it on the labelled base schema, like `field`. */
export function multiline<T extends z.ZodType>(schema: T): T {
  multilineFields.add(schema);
  return schema;
}

const isMultiline = (schema: z.ZodType | undefined): boolean => !!schema && layers(schema).some((l) => multilineFields.has(l));

/** A text with every character `textAllowed` refuses replaced by "?" (to name an unlabelled field). */
export const printable = (text: string): string => text.replace(new RegExp(`${CONTROL.source}|${LONE_SURROGATE.source}|${LINE_BREAKS.source}`, 'g'), '?');

/** Whether a text may be stored: no control character, well-formed UTF-16, line breaks only where allowed. */
export function textAllowed(text: string, lines: boolean): boolean {
  if (CONTROL.test(text) || LONE_SURROGATE.test(text)) return false;
  return lines || !LINE_BREAKS.test(text.trim());
}

/**
 * The path of the first text in a request value (any depth, object keys included) that
 * `textAllowed` refuses, or null. `schema` tells which fields are multi-line; values it does not
 * declare are checked as single-line. Walks without recursion, so no nesting depth overflows it.
 */
export function refusedTextAt(schema: z.ZodType | undefined, value: unknown): PropertyKey[] | null {
  type At = { value: unknown; schema: z.ZodType | undefined; key: PropertyKey | null; parent: At | null };
  const pathOf = (at: At | null, last?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let a = at; a && a.key !== null; a = a.parent) path.push(a.key);
    return path.reverse();
  };
  const stack: At[] = [{ value, schema, key: null, parent: null }];
  while (stack.length > 0) {
    const at = stack.pop() as At;
    const v = at.value;
    if (typeof v === 'string') {
      if (!textAllowed(v, isMultiline(at.schema))) return pathOf(at);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], schema: at.schema && child(at.schema, i), key: i, parent: at });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, item] = entries[i];
        if (!textAllowed(k, false)) return pathOf(at, k);
        stack.push({ value: item, schema: at.schema && child(at.schema, k), key: k, parent: at });
      }
    }
  }
  return null;
}
