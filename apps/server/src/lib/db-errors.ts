/** A SQLSTATE: five digits or upper-case letters. */
export const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * SQLSTATEs a request's values cause, not the code: data exceptions (class 22: invalid text
 * representation 22P02, character not in repertoire 22021, string too long 22001, numeric out of
 * range 22003, datetime format 22007 and overflow 22008, ...) and a value too large for an index
 * (54000).
 */
export const isInputFault = (state: string | null): boolean => !!state && (state.startsWith('22') || state === '54000');

type DriverError = { code?: unknown; severity?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** An error and its causes, outermost first (Drizzle wraps the driver's error), at most 8 deep. */
function* chainOf(err: unknown): Generator<DriverError> {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    yield e as DriverError;
    e = (e as DriverError).cause;
  }
}

/** The SQLSTATE of a database error, found on the error or its causes. */
export function sqlStateOf(err: unknown): string | null {
  for (const { code, severity } of chainOf(err)) if (isSqlState(code) && typeof severity === 'string') return code;
  return null;
}

/**
 * Whether an error is a unique violation (23505), of the index named when one is given (by the
 * driver's constraint name, or its message where the driver gives none).
 */
export function isUniqueViolation(err: unknown, index?: string): boolean {
  for (const { code, constraint, message } of chainOf(err)) {
    if (code !== '23505') continue;
    if (index === undefined || constraint === index || (typeof message === 'string' && message.includes(index))) return true;
  }
  return false;
}
