/** A timestamp as ISO 8601 UTC, or null. */
export const iso = (v: string | Date | null | undefined): string | null => (v == null ? null : new Date(v).toISOString());

/** bytes to MB with two decimals */
export const mb = (bytes: number | string | null | undefined): number => Math.round((Number(bytes ?? 0) / 1048576) * 100) / 100;
