import pg from 'pg';
import type { ReplicaState } from './readiness.js';
import { PG_WIRE_TYPES } from './wire-types.js';

export type ReplicaOptions = {
  url: string;
  /** reads go to the primary while the replica is further behind than this */
  maxLagSeconds: number;
  poolSize: number;
  /** how often the lag is measured */
  everyMs?: number;
  log?: (message: string) => void;
};

export type ReplicaReader = {
  /** rows from the replica while it is reachable and close enough, else from the primary */
  query<T>(text: string, values: unknown[], primary: () => Promise<T[]>): Promise<T[]>;
  state(): ReplicaState;
  /** measures the lag now (also done every `everyMs`) */
  refresh(): Promise<ReplicaState>;
  close(): Promise<void>;
};

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08000', '08003', '08006']);
const isConnectionError = (e: unknown) => {
  const code = (e as { code?: string }).code;
  return (code !== undefined && CONNECTION_ERRORS.has(code)) || /terminat|Connection|connect/i.test((e as Error).message ?? '');
};

/**
 * The read replica (DATABASE_REPLICA_URL, docs/scaling.md "Reads from the replica"). Its lag is
 * measured every 2 s against the primary's WAL position: bytes not yet replayed, and seconds since
 * the last replayed transaction when it is behind (0 when caught up). A read goes to the replica
 * when the last measurement found it reachable and at most `maxLagSeconds` behind; a read that
 * fails to connect there is retried on the primary at once and the replica is left alone until
 * the next measurement finds it back.
 */
export function replicaReader(primaryLsn: () => Promise<string>, o: ReplicaOptions): ReplicaReader {
  const pool = new pg.Pool({ connectionString: o.url, max: o.poolSize, connectionTimeoutMillis: 2000 });
  pool.on('error', () => {});
  let current: ReplicaState = { state: 'unreachable', lagBytes: null, lagSeconds: null };
  let measured = false;
  const report = (next: ReplicaState) => {
    if (next.state !== current.state || !measured)
      o.log?.(
        `read replica ${next.state}` +
          (next.lagSeconds === null ? '' : ` (lag ${next.lagSeconds.toFixed(1)} s, ${next.lagBytes} bytes)`) +
          (next.state === 'ok' ? ': reads go to the replica' : ': reads go to the primary'),
      );
    measured = true;
    current = next;
    return next;
  };
  const refresh = async (): Promise<ReplicaState> => {
    try {
      const lsn = await primaryLsn();
      const { rows } = await pool.query<{ bytes: number; seconds: number | null }>(
        `SELECT greatest(pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn()), 0)::float8 AS bytes,
                CASE WHEN pg_last_wal_replay_lsn() >= $1::pg_lsn THEN 0
                     ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 END AS seconds`,
        [lsn],
      );
      const { bytes, seconds } = rows[0];
      const lagSeconds = seconds === null ? null : Math.max(0, seconds);
      const lagging = lagSeconds === null ? bytes > 0 : lagSeconds > o.maxLagSeconds;
      return report({ state: lagging ? 'lagging' : 'ok', lagBytes: bytes, lagSeconds });
    } catch {
      return report({ state: 'unreachable', lagBytes: null, lagSeconds: null });
    }
  };
  const timer = setInterval(() => void refresh(), o.everyMs ?? 2000);
  timer.unref();
  void refresh();
  return {
    async query<T>(text: string, values: unknown[], primary: () => Promise<T[]>) {
      if (current.state !== 'ok') return primary();
      try {
        return (await pool.query({ text, values, types: PG_WIRE_TYPES })).rows as T[];
      } catch (e) {
        if (!isConnectionError(e)) throw e;
        report({ state: 'unreachable', lagBytes: null, lagSeconds: null });
        return primary();
      }
    },
    state: () => current,
    refresh,
    close: async () => {
      clearInterval(timer);
      await pool.end();
    },
  };
}
