import { isSqlState } from './db-errors.js';

const REDACTED = '[redacted]';

/** Fields of a database error (node-postgres, PGlite) or a Drizzle query error that may hold a query's values. */
const VALUE_FIELDS = ['params', 'queryOptions', 'detail', 'where', 'internalQuery'] as const;

/**
 * A copy of an error and its causes with the query values taken out: a Drizzle query error's
 * message ends with the full parameter list, and a database error's detail ("Key (email)=(…)",
 * "Failing row contains (…)") and context quote the values, as do the messages of data
 * exceptions (`invalid input syntax for type uuid: "…"`). The SQL text, SQLSTATE, constraint,
 * table and column stay, which is what a person needs to find the fault.
 */
export function redactError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 8) return err;
  const source = err as Error & Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(err)) as Error & Record<string, unknown>;
  for (const key of Object.keys(source)) copy[key] = source[key];
  let message = source.message;
  if (typeof source.query === 'string' && 'params' in source && message.startsWith('Failed query:'))
    message = `Failed query: ${source.query}\nparams: ${REDACTED}`;
  if (isSqlState(source.code) && typeof source.severity === 'string') {
    // data exceptions (class 22) quote the value they refused
    if (source.code.startsWith('22')) message = message.replace(/"[\s\S]*"/, `"${REDACTED}"`);
  }
  for (const key of VALUE_FIELDS) if (source[key] !== undefined && source[key] !== null) copy[key] = REDACTED;
  const frames = (source.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(copy, 'stack', { value: [`${source.name}: ${message}`, ...frames].join('\n'), enumerable: false, writable: true, configurable: true });
  if (source.cause !== undefined) copy.cause = redactError(source.cause, depth + 1);
  return copy;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serialize(e: Error, depth: number): SerializedError {
  const fields = e as Error & Record<string, unknown>;
  const out: SerializedError = { type: e.constructor?.name ?? e.name, message: e.message, stack: e.stack ?? '' };
  for (const key of Object.keys(fields)) if (key !== 'cause' && !(key in out)) out[key] = fields[key];
  if (fields.cause !== undefined) out.cause = fields.cause instanceof Error && depth < 8 ? serialize(fields.cause, depth + 1) : fields.cause;
  return out;
}

/** The logger's error serializer: type, message, stack, the error's own fields and its cause, values redacted. */
export function errorSerializer(err: Error): SerializedError {
  const r = redactError(err);
  return r instanceof Error ? serialize(r, 0) : { type: typeof r, message: String(r), stack: '' };
}

/** An error's message for a log field or a stored failure reason, with the query values taken out. */
export const redactedMessage = (err: unknown): string => {
  const r = redactError(err);
  // a NUL could not be stored with the job's failure
  return (r instanceof Error ? r.message : String(r)).replaceAll('\u0000', '');
};
