import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zDeviceListRequest, zGroupMove } from '../devices/schemas.js';
import { zFeedbackAdd } from '../feedback/schemas.js';
import { field } from './labels.js';
import { multiline, printable, refusedTextAt, textAllowed } from './text.js';

describe('text a request may carry', () => {
  it('refuses NUL and the other C0 control characters, and lone surrogates', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u0008', '\u000b', '\u000c', '\u001b[31m', '\u001f', 'a\ud800', '\udc00b', 'a\udc00\ud800'])
      expect(textAllowed(bad, true), JSON.stringify(bad)).toBe(false);
    for (const good of ['', '设备 1', 'a\u007fb', '😀', 'ok\u00a0ok', 'Ünïcödé']) expect(textAllowed(good, false), JSON.stringify(good)).toBe(true);
  });

  it('allows tab and line breaks in a multi-line field only, and around any text', () => {
    expect(textAllowed('one\ntwo\r\n\tthree', true)).toBe(true);
    expect(textAllowed('one\ntwo', false)).toBe(false);
    expect(textAllowed('a\tb', false)).toBe(false);
    expect(textAllowed('  name\n', false)).toBe(true);
  });

  it('finds the refused text at any depth, in values and keys, by the schema’s multi-line fields', () => {
    expect(refusedTextAt(zFeedbackAdd, { feedback: 'line 1\nline 2', source: 'feedback' })).toBeNull();
    expect(refusedTextAt(zFeedbackAdd, { feedback: 'a\u0000' })).toEqual(['feedback']);
    expect(refusedTextAt(zDeviceListRequest, { name: 'a\nb' })).toEqual(['name']);
    expect(refusedTextAt(zGroupMove, { imeis: '860000000000001\n860000000000002' })).toBeNull();
    expect(refusedTextAt(zGroupMove, { imeis: ['860000000000001', '86000000000000\n2'] })).toEqual(['imeis', 1]);
    expect(refusedTextAt(zDeviceListRequest, { extra: { deep: [1, { 'k\u0000': 1 }] } })).toEqual(['extra', 'deep', 1, 'k\u0000']);
    expect(refusedTextAt(undefined, 'x\u0000')).toEqual([]);
    expect(refusedTextAt(zDeviceListRequest, JSON.parse('{"__proto__":{"toString":"\\u0000"}}'))).toEqual(['__proto__', 'toString']);
    const s = z.object({ note: multiline(field('备注', 'note', z.string())).optional() });
    expect(refusedTextAt(s, { note: 'a\nb' })).toBeNull();
  });

  it('walks any nesting depth without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"\\u0000"${']'.repeat(200_000)}`);
    expect(refusedTextAt(zDeviceListRequest, deep)).toHaveLength(200_000);
  });

  it('prints a refused text with question marks', () => {
    expect(printable('k\u0000e\ny\ud800')).toBe('k?e?y?');
  });
});
