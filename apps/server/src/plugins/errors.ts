import { type ErrorCode, errorMessage, errorStatus, FIELD_NAMES, type Locale } from '@rrp/contracts';

/** A business error: a catalogue code, optional message parameters and an optional field name. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    readonly field?: string,
  ) {
    super(`AppError ${code}`);
  }
  get status(): number {
    return errorStatus(this.code);
  }
  message_(locale: Locale): string {
    const base = errorMessage(this.code, locale, this.params);
    if (!this.field) return base;
    const f = FIELD_NAMES[this.field];
    const name = f ? (locale === 'en' ? f.en : f.zh) : this.field;
    return locale === 'en' ? `${base}: ${name}` : `${base}：${name}`;
  }
}

export const fail = (code: ErrorCode, params?: Record<string, string | number>, field?: string): never => {
  throw new AppError(code, params, field);
};
