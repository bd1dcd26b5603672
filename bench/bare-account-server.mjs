// The baseline of the account-query benchmark: a bare Fastify 5 route with a pg Pool of the
// same size as the real server's (10), reading the whole answer of /account/query (the person,
// the company, role names and permission codes) in one hand-written statement for one fixed user
// id and returning JSON. No signing, no session lookup, no schemas. (Our route reads the
// permissions with the session and the rest with ACCOUNT_QUERY; this one has no session to lean
// on.) Env: DATABASE_URL, PORT, HOST, BARE_USER_ID; BARE_NAMED=1 sends it as a named prepared
// statement.
import Fastify from 'fastify';
import pg from 'pg';

const ACCOUNT = `
  SELECT u.id, u.name, u.email, u.phone, u.job_title, u.locale, u.kind, c.id AS company_id, c.name AS company_name, c.certification, c.billing,
         (SELECT array_agg(r.name ORDER BY r.created_at) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS role_names,
         (SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.permissions) AS p WHERE ur.user_id = u.id) AS perms
  FROM users u LEFT JOIN companies c ON c.id = u.company_id
  WHERE u.id = $1`;

const { DATABASE_URL, BARE_USER_ID, BARE_NAMED, PORT = '8090', HOST = '127.0.0.1' } = process.env;
if (!DATABASE_URL || !BARE_USER_ID) {
  process.stderr.write('DATABASE_URL and BARE_USER_ID are required\n');
  process.exit(1);
}

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.post('/api/v1/rrp/account/query', async () => {
  const { rows } = await pool.query(BARE_NAMED ? { name: 'account', text: ACCOUNT, values: [BARE_USER_ID] } : { text: ACCOUNT, values: [BARE_USER_ID] });
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
