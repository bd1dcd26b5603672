// Small statistics helpers.

export function median(values) {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** The q-quantile (0..1) of an unsorted numeric array (nearest rank). */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const v = Float64Array.from(values).sort();
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil(q * v.length) - 1))];
}

/** (max - min) / median, as a percentage: how far apart the rounds were. */
export function spreadPct(values) {
  const m = median(values);
  return m ? ((Math.max(...values) - Math.min(...values)) / m) * 100 : Number.NaN;
}

export const round = (x, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
