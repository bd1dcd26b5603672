/** RFC 3339 with the +08:00 offset, as WeChat Pay requires for time_expire: 2026-05-20T13:29:35+08:00. */
export function toWechatTime(t: Date | number): string {
  const ms = typeof t === 'number' ? t : t.getTime();
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}
