// The baseline of the device-list benchmark: a bare Fastify 5 route with a pg Pool of 10 (as the
// real server) answering the list's request body (sort, filters, pageNum or cursor) with the
// best query written by hand: the subtree's companies read once per statement, then per
// company an index walk in the order of the sort (CROSS JOIN LATERAL … ORDER BY … LIMIT),
// merged and cut to the page; for a page number, the walk carries only (id, key) and the page's
// rows are read after the cut. The count stops at 10,001 rows. Page and count in one statement
// (BARE_FORM=one-statement, the default) or as two statements in parallel (two-statements); rows
// shaped as the real route does. No signing, session, permission or schema validation.
// Env: DATABASE_URL, COMPANY_PATH, PORT, HOST, BARE_FORM.
import Fastify from 'fastify';
import pg from 'pg';

const { DATABASE_URL, COMPANY_PATH, PORT = '8091', HOST = '127.0.0.1', BARE_FORM = 'one-statement' } = process.env;
const ONE_STATEMENT = BARE_FORM === 'one-statement';
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
const CAP = 10_000;

// the subtree is read in every statement, as the tree may change between two calls
const SUBTREE = 'WITH sc AS MATERIALIZED (SELECT id FROM companies WHERE path LIKE $1)';

const COLUMNS = `d.id, d.imei, d.name, d.region, d.status, d.online, d.suspended, d.auto_renew, d.real_name, d.iccid, d.network_operator,
  d.network_type, d.signal_level, d.area, d.group_id, g.name AS group_name, d.usage_yesterday, d.usage_month, d.activated_at,
  d.license_expires_at, d.created_at, d.updated_at`;
const SORTS = {
  created_desc: ['created_at', 'DESC', 'timestamptz'],
  usage_yesterday_desc: ['usage_yesterday', 'DESC', 'bigint'],
  usage_yesterday_asc: ['usage_yesterday', 'ASC', 'bigint'],
  usage_month_desc: ['usage_month', 'DESC', 'bigint'],
  usage_month_asc: ['usage_month', 'ASC', 'bigint'],
};
const mb = (b) => Math.round((Number(b ?? 0) / 1048576) * 100) / 100;
const iso = (v) => (v == null ? null : new Date(v).toISOString());
const escapeLike = (s) => s.replace(/[\\%_]/g, '\\$&');

app.post('/api/v1/rrp/device/list', async (req) => {
  const { pageNum = 1, pageSize = 20, cursor, sort = 'created_desc', name, imei, status, online, groupId } = req.body ?? {};
  const [col, dir, type] = SORTS[sort];
  const params = [`${COMPANY_PATH}%`];
  const p = (v) => `$${params.push(v)}`;
  let where = '';
  if (name) where += ` AND d.name ILIKE ${p(`%${escapeLike(name)}%`)}`;
  if (imei) where += ` AND d.imei LIKE ${p(`%${escapeLike(imei)}%`)}`;
  if (status) where += ` AND d.status = ${p(status)}`;
  if (online !== undefined) where += ` AND d.online = ${p(online)}`;
  if (groupId) where += ` AND d.group_id = ${p(groupId)}::uuid`;
  const count = `SELECT count(*)::int AS n FROM (SELECT 1 FROM devices d WHERE d.company_id IN (SELECT id FROM sc)${where} LIMIT ${CAP + 1}) x`;
  const countParams = [...params];
  let page;
  if (cursor) {
    const [, key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const cmp = dir === 'DESC' ? '<' : '>';
    const keyset = ` AND (d.${col}, d.id) ${cmp} (${p(key)}::${type}, ${p(id)}::uuid)`;
    const n = p(pageSize + 1);
    page = `SELECT ${COLUMNS}, d.${col}::text AS ck, d.${col} AS sk FROM sc c
       CROSS JOIN LATERAL (SELECT * FROM devices d WHERE d.company_id = c.id${where}${keyset} ORDER BY d.${col} ${dir}, d.id ${dir} LIMIT ${n}) d
       LEFT JOIN device_groups g ON g.id = d.group_id
       ORDER BY d.${col} ${dir}, d.id ${dir} LIMIT ${n}`;
  } else if (pageNum === 1) {
    const n = p(pageSize + 1);
    page = `SELECT ${COLUMNS}, d.${col}::text AS ck, d.${col} AS sk FROM sc c
       CROSS JOIN LATERAL (SELECT * FROM devices d WHERE d.company_id = c.id${where} ORDER BY d.${col} ${dir}, d.id ${dir} LIMIT ${n}) d
       LEFT JOIN device_groups g ON g.id = d.group_id
       ORDER BY d.${col} ${dir}, d.id ${dir} LIMIT ${n}`;
  } else {
    const offset = (pageNum - 1) * pageSize;
    const [o, n, all] = [p(offset), p(pageSize + 1), p(offset + pageSize + 1)];
    page = `SELECT ${COLUMNS}, d.${col}::text AS ck, k.v AS sk FROM (
         SELECT k.id, k.v FROM sc c
         CROSS JOIN LATERAL (SELECT d.id, d.${col} AS v FROM devices d WHERE d.company_id = c.id${where} ORDER BY d.${col} ${dir}, d.id ${dir} LIMIT ${all}) k
         ORDER BY k.v ${dir}, k.id ${dir} OFFSET ${o} LIMIT ${n}) k
       JOIN devices d ON d.id = k.id LEFT JOIN device_groups g ON g.id = d.group_id
       ORDER BY k.v ${dir}, k.id ${dir}`;
  }
  let rows;
  let matched;
  if (ONE_STATEMENT) {
    // the count and the page in one round trip; an empty page answers one row with a null id
    const r = await pool.query(
      `${SUBTREE} SELECT n.n AS matched, p.* FROM (${count}) n LEFT JOIN LATERAL (${page}) p ON true ORDER BY p.sk ${dir}, p.id ${dir}`,
      params,
    );
    matched = r.rows[0].matched;
    rows = r.rows.filter((x) => x.id !== null);
  } else {
    const [a, b] = await Promise.all([pool.query(`${SUBTREE} ${page}`, params), pool.query(`${SUBTREE} ${count}`, countParams)]);
    rows = a.rows;
    matched = b.rows[0].n;
  }
  const list = rows.slice(0, pageSize);
  const last = list[list.length - 1];
  return {
    success: true,
    code: 0,
    msg: 'success',
    obj: {
      total: Math.min(matched, CAP),
      totalCapped: matched > CAP,
      list: list.map((r) => ({
        id: r.id,
        imei: r.imei,
        name: r.name,
        region: r.region,
        status: r.status,
        online: r.online,
        suspended: r.suspended,
        autoRenew: r.auto_renew,
        realName: r.real_name,
        iccid: r.iccid,
        networkOperator: r.network_operator,
        networkType: r.network_type,
        signalLevel: r.signal_level,
        area: r.area,
        groupId: r.group_id,
        groupName: r.group_name,
        strategyName: null,
        usageYesterdayMb: mb(r.usage_yesterday),
        usageMonthMb: mb(r.usage_month),
        activatedAt: iso(r.activated_at),
        licenseExpiresAt: iso(r.license_expires_at),
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      })),
      nextCursor: rows.length > pageSize && last ? Buffer.from(JSON.stringify([sort, last.ck, last.id])).toString('base64url') : null,
    },
  };
});

await app.listen({ port: Number(PORT), host: HOST });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
