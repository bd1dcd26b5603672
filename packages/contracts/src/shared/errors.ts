/**
 * The error codes of spec section 8, plus the ones the product adds (29xxx), each with the HTTP
 * status class its envelope travels with. Their texts, in both languages, are the server's
 * message catalogue (apps/server/src/i18n).
 */
export const ERROR_STATUS = {
  // 1xxxx system
  10001: 500,
  10002: 403,
  10003: 500,
  10004: 500,
  // 21xxx customer
  21001: 404,
  21002: 403,
  21003: 404,
  21004: 400,
  // 22xxx account and session
  22001: 409,
  22002: 400,
  22003: 401,
  22004: 400,
  22005: 400,
  22006: 400,
  22007: 401,
  22008: 401,
  22009: 403,
  // 23xxx devices
  23001: 400,
  23002: 400,
  23003: 404,
  23004: 400,
  23005: 400,
  23006: 400,
  23007: 400,
  23008: 400,
  23009: 400,
  23010: 409,
  23011: 409,
  23012: 409,
  23013: 400,
  23014: 400,
  23015: 409,
  // 24xxx paging
  24001: 400,
  24002: 400,
  24003: 400,
  24004: 400,
  24005: 400,
  // 25xxx device groups
  25002: 409,
  25003: 409,
  25004: 409,
  25005: 409,
  25006: 500,
  25007: 403,
  25008: 400,
  25009: 404,
  25010: 400,
  25011: 400,
  25012: 400,
  25013: 400,
  25014: 400,
  // 26xxx data plans
  26001: 400,
  26002: 400,
  26003: 400,
  26004: 400,
  26005: 400,
  26006: 400,
  26007: 404,
  26008: 400,
  26009: 409,
  26010: 409,
  // 27xxx orders
  27001: 400,
  27002: 400,
  27003: 400,
  27004: 400,
  27005: 400,
  27006: 404,
  27007: 409,
  27008: 409,
  27009: 404,
  27010: 502,
  // 28xxx request
  28001: 400,
  28002: 400,
  28003: 401,
  // 29xxx added by this product: sign-in, registration and request limits
  29001: 400,
  29002: 429,
  29003: 400,
  29004: 429,
  29005: 409,
  29006: 400,
  29007: 400,
  29008: 400,
  29009: 400,
  29010: 400,
  29011: 413,
  29012: 404,
  29013: 429,
  29014: 409,
  29015: 401,
  29016: 400,
  29017: 500,
  // 5xxxx carrier and profile operations
  51001: 502,
  51002: 502,
  51003: 502,
  51004: 502,
  51005: 502,
  51006: 400,
  51007: 400,
  51008: 404,
  52001: 500,
  53001: 502,
  53002: 502,
  53003: 502,
  54001: 502,
  60002: 400,
  // 88xxx session state the web client reacts to
  88003: 401,
  88016: 401,
} as const satisfies Record<number, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS).map(Number) as ErrorCode[];

export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** Codes that mean the session is gone: the web client clears it and goes to the login page. */
export const SESSION_ENDED_CODES: readonly ErrorCode[] = [88003, 88016, 22007, 22008];
