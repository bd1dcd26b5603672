/** Control Center's answer dates, `yyyy-MM-dd HH:mm:ss.SSS+0000` (UTC), e.g. `2016-06-27 18:31:20.000+0000`. */
export const ccDate = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace('T', ' ').replace('Z', '+0000'));

// ISO 8601 date and time with an offset: 2016-04-18T17:31:34+00:00, …34.123Z, …34+0800
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})$/;

/** The instant of an ISO 8601 date-time with an offset (as Control Center wants it), or null. */
export function parseIso8601(s: string): number | null {
  const m = ISO_8601.exec(s);
  if (!m) return null;
  const offset = m[8] === 'Z' ? 'Z' : `${m[8].slice(0, 3)}:${m[8].slice(-2)}`;
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}${offset}`);
  return Number.isNaN(ms) ? null : ms;
}
