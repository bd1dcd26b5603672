import type { TServiceHours } from '@rrp/contracts';

/** The format of RRP_SUPPORT_HOURS: days, from-to, UTC offset ("1-5 09:00-18:00 +08:00"). */
export const SERVICE_HOURS_FORMAT = '<days> <HH:mm>-<HH:mm> <UTC offset>, e.g. "1-5 09:00-18:00 +08:00" (days: ISO weekdays 1-7, ranges and lists like 1-5,7)';

function parseDays(text: string): number[] | null {
  const days: number[] = [];
  for (const part of text.split(',')) {
    const m = /^([1-7])(?:-([1-7]))?$/.exec(part);
    if (!m) return null;
    const first = Number(m[1]);
    const last = m[2] ? Number(m[2]) : first;
    if (last < first) return null;
    for (let d = first; d <= last; d++) days.push(d);
  }
  return days.sort((a, b) => a - b);
}

function parseOffset(text: string): number | null {
  const m = /^(?:UTC)?(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/i.exec(text);
  if (!m) return null;
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * Reads service hours written as in RRP_SUPPORT_HOURS. Only the shape is checked here: the
 * contract's rules (days once each, from before to, offset range) are checked by the caller.
 */
export function parseServiceHours(text: string): TServiceHours | null {
  const m = /^\s*(\S+)\s+(\d{2}:\d{2})-(\d{2}:\d{2})\s+(\S+)\s*$/.exec(text);
  if (!m) return null;
  const days = parseDays(m[1]);
  const utcOffsetMinutes = parseOffset(m[4]);
  if (!days || utcOffsetMinutes === null) return null;
  return { days, from: m[2], to: m[3], utcOffsetMinutes };
}
