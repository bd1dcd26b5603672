// Diagnostic for the account-query benchmark: PostgreSQL CPU per statement for the three
// statements a signed /account/query runs (session lookup, replay record, account read), sent
// as unnamed statements (parsed and planned every time, as now) and as named prepared statements.
// Usage: node bench/pg-statement-cost.mjs [--seconds 5]
import { createHash, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ACCOUNT_QUERY } from '../apps/server/dist/modules/account/repository.js';
import { postgresPids, processCpuSeconds } from './lib/cpu.mjs';
import { freshDatabase } from './lib/db.mjs';
import { API, signedPost, signIn, startOurServer } from './lib/rrp.mjs';

// the session lookup of apps/server/src/plugins/auth.ts (keep in step with it)
const SESSION = `SELECT s.user_id, s.secret_key, s.expires_at <= now() AS expired, s.ended_at,
  u.company_id, c.path AS company_path, u.state, u.kind, u.locale, c.billing,
  (SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id,
          unnest(r.permissions) AS p WHERE ur.user_id = u.id) AS perms
  FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
  WHERE s.token_hash = $1`;
const REPLAY = 'INSERT INTO used_request_ids (token_hash, request_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1 AS ok';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const seconds = Number(values.seconds);
const db = await freshDatabase('rrp_bench_stmt');
try {
  const ours = await startOurServer(db.url); // migrates and seeds the database
  const session = await signIn(ours.base);
  const me = await signedPost(ours.base, session, `${API}/account/query`, {});
  await ours.stop();
  const tokenHash = createHash('sha256').update(session.token).digest('hex');
  const account = new PgDialect().sqlToQuery(ACCOUNT_QUERY(me.obj.userId));

  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  const asyncPool = new pg.Pool({ connectionString: db.url, max: 10, options: '-c synchronous_commit=off' });
  const cases = [
    ['session lookup', pool, () => ({ text: SESSION, values: [tokenHash] })],
    ['session lookup, prepared', pool, () => ({ name: 's', text: SESSION, values: [tokenHash] })],
    ['replay record', pool, () => ({ text: REPLAY, values: [tokenHash, randomUUID()] })],
    ['replay record, prepared', pool, () => ({ name: 'r', text: REPLAY, values: [tokenHash, randomUUID()] })],
    ['replay record, prepared, no sync commit', asyncPool, () => ({ name: 'r', text: REPLAY, values: [tokenHash, randomUUID()] })],
    ['account read (ACCOUNT_QUERY)', pool, () => ({ text: account.sql, values: account.params })],
    ['account read, prepared', pool, () => ({ name: 'a', text: account.sql, values: account.params })],
  ];
  console.log(`10 concurrent clients, ${seconds} s per statement; PostgreSQL CPU per statement from /proc`);
  for (const [name, p, make] of cases) {
    await Promise.all(Array.from({ length: 10 }, () => p.query(make()))); // connect and warm
    const before = new Map(postgresPids(db.name).map((pid) => [pid, processCpuSeconds(pid)]));
    let n = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (Date.now() < end) {
          await p.query(make());
          n++;
        }
      }),
    );
    const cpu = postgresPids(db.name).reduce((a, pid) => a + processCpuSeconds(pid) - (before.get(pid) ?? 0), 0);
    console.log(
      `  ${name.padEnd(40)} ${String(Math.round(n / seconds)).padStart(6)} /s   ${String(Math.round((cpu / n) * 1e6)).padStart(4)} µs PostgreSQL CPU each`,
    );
  }
  await pool.end();
  await asyncPool.end();
} finally {
  await db.drop();
}
