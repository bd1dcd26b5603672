import { z } from 'zod';

/** A text in both languages. */
export type Bilingual = { zh: string; en: string };

/**
 * Field labels live on the schemas: every request field says what a person calls it, so a
 * validation error names the right field on every route ("请求参数不合法：设备名称").
 */
export const fieldLabels = z.registry<Bilingual>();

/**
 * Labels a field's schema. Call it on the finished base schema, then add `.optional()`,
 * `.default()` and the like outside it: a check such as `.max()` makes a new schema that would
 * not carry the label.
 */
export function field<T extends z.ZodType>(zh: string, en: string, schema: T): T {
  fieldLabels.add(schema, { zh, en });
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), title: en });
  return schema;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
};

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** The schema itself and the schemas it wraps (optional, default, pipe input, ...), outermost first. */
export function layers(schema: z.ZodType): z.ZodType[] {
  const out: z.ZodType[] = [];
  let s: z.ZodType | undefined = schema;
  while (s && out.length < 16) {
    out.push(s);
    const d = defOf(s);
    if (WRAPPERS.has(d.type)) s = d.innerType;
    else if (d.type === 'pipe') s = d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else s = undefined;
  }
  return out;
}

const labelOf = (schema: z.ZodType): Bilingual | undefined => {
  for (const l of layers(schema)) {
    const found = fieldLabels.get(l);
    if (found) return found;
  }
  return undefined;
};

/** The schema one step down `key` (an object property, an array element, a union member). */
export function child(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  for (const l of layers(schema)) {
    const d = defOf(l);
    if (d.type === 'object' && d.shape && typeof key === 'string' && Object.hasOwn(d.shape, key)) return d.shape[key];
    if (d.type === 'array' && d.element && typeof key === 'number') return d.element;
    if (d.type === 'union' && d.options) {
      for (const o of d.options) {
        const c = child(o, key);
        if (c) return c;
      }
    }
  }
  return undefined;
}

/**
 * The label of the field at `path` in a request schema, joined with its parents' labels and
 * array positions ("上报 #3 IMEI"), or null when the path names no labelled field.
 */
export function labelAt(schema: z.ZodType | undefined, path: readonly PropertyKey[]): Bilingual | null {
  if (!schema) return null;
  const zh: string[] = [];
  const en: string[] = [];
  let s: z.ZodType | undefined = schema;
  for (const key of path) {
    s = s && child(s, key);
    if (!s) break;
    if (typeof key === 'number') {
      zh.push(`#${key + 1}`);
      en.push(`#${key + 1}`);
      continue;
    }
    const l = labelOf(s);
    if (l) {
      zh.push(l.zh);
      en.push(l.en);
    }
  }
  if (!zh.some((p) => !p.startsWith('#'))) return null;
  return { zh: zh.join(' '), en: en.join(' ') };
}

/** Paths of object properties in a schema that carry no label (the contracts test wants none). */
export function unlabelledFields(schema: z.ZodType, prefix = ''): string[] {
  const missing: string[] = [];
  const seen = new Set<z.ZodType>();
  const walk = (s: z.ZodType, at: string) => {
    if (seen.has(s)) return;
    seen.add(s);
    for (const l of layers(s)) {
      const d = defOf(l);
      if (d.type === 'object' && d.shape) {
        for (const [k, v] of Object.entries(d.shape)) {
          const p = at ? `${at}.${k}` : k;
          if (!labelOf(v)) missing.push(p);
          walk(v, p);
        }
      } else if (d.type === 'array' && d.element) walk(d.element, `${at}[]`);
      else if (d.type === 'union' && d.options) for (const o of d.options) walk(o, at);
    }
  };
  walk(schema, prefix);
  return missing;
}
