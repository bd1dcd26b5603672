// The baseline of the account-query benchmark: a bare Fastify 5 route with a pg Pool of the
// same size as the real server's (10), running the same SQL (ACCOUNT_QUERY, taken from the
// server's build so the two never drift apart) for one fixed user id and returning JSON.
// No signing, no session lookup, no schemas. Env: DATABASE_URL, PORT, HOST, BARE_USER_ID.
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { ACCOUNT_QUERY } from '../apps/server/dist/modules/account/repository.js';

const { DATABASE_URL, BARE_USER_ID, PORT = '8090', HOST = '127.0.0.1' } = process.env;
if (!DATABASE_URL || !BARE_USER_ID) {
  process.stderr.write('DATABASE_URL and BARE_USER_ID are required\n');
  process.exit(1);
}

const { sql: text, params } = new PgDialect().sqlToQuery(ACCOUNT_QUERY(BARE_USER_ID));
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.post('/api/v1/rrp/account/query', async () => {
  const { rows } = await pool.query(text, params);
  return { success: true, code: 0, msg: 'success', obj: rows[0] ?? null };
});

await app.listen({ port: Number(PORT), host: HOST });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
