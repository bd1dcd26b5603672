/** A SQLSTATE: five digits or upper-case letters. */
export const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * SQLSTATEs a request's values cause, not the code: data exceptions (class 22: invalid text
 * representation 22P02, character not in repertoire 22021, string too long 22001, numeric out of
 * range 22003, datetime format 22007 and overflow 22008, ...) and a value too large for an index
 * (54000).
 */
export const isInputFault = (state: string | null): boolean => !!state && (state.startsWith('22') || state === '54000');

/** The SQLSTATE of a database error, found on the error or its causes (Drizzle wraps the driver's error). */
export function sqlStateOf(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, severity, cause } = e as { code?: unknown; severity?: unknown; cause?: unknown };
    if (isSqlState(code) && typeof severity === 'string') return code;
    e = cause;
  }
  return null;
}
