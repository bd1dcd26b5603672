const CHINA_OFFSET_MS = 8 * 3600_000;

/** `yyyy-MM-dd HH:mm:ss` in China time, as the platform writes dates. */
export const chinaTime = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
