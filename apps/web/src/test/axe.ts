import axe from 'axe-core';

/**
 * axe-core's serious and critical findings inside the given selectors, as `rule: html` lines.
 * Colour contrast is left to the browser runs (jsdom computes no colours).
 */
export async function seriousAxe(selectors: string | string[]): Promise<string[]> {
  const include = (Array.isArray(selectors) ? selectors : [selectors]).map((s) => [s]);
  const result = await axe.run({ include } as axe.ElementContext, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}
