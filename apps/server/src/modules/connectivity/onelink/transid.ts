let sequence = 0;

/** The next of this process's 8-digit sequence numbers, 00000001 to 99999999, then round again. */
export function nextSequence(): string {
  sequence = (sequence % 99_999_999) + 1;
  return String(sequence).padStart(8, '0');
}

/** `yyyyMMddHHmmss` in China time (UTC+8 all year), as the platform reads the transid's time. */
export function chinaStamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** A call's transid: appid + yyyyMMddHHmmss + 8-digit sequence, unique per call within the process. */
export const makeTransid = (appid: string, at: Date) => `${appid}${chinaStamp(at)}${nextSequence()}`;
