const CHINA_OFFSET_MS = 8 * 3600_000;

/** `yyyy-MM-dd HH:mm:ss` in China time, as the platform writes dates. */
export const chinaTime = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** `yyyyMM` of the month `ms` falls in, China time. */
export const chinaMonth = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 7).replace('-', '');

/** `yyyyMM` of `months` months before `yyyyMM`. */
export function monthsBefore(yyyyMM: string, months: number): string {
  const index = Number(yyyyMM.slice(0, 4)) * 12 + Number(yyyyMM.slice(4, 6)) - 1 - months;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, '0')}`;
}
