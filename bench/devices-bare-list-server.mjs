// The baseline of the device-list benchmark: a bare Fastify 5 route with a pg Pool of 10 (as
// the real server) running the SQL of listDevices (apps/server/src/modules/devices/repository.ts,
// sort created_desc, no filters, copied by hand: the page query and the count, in parallel),
// shaping the rows as the real route does. No signing, session, permission or schema.
// Env: DATABASE_URL, COMPANY_PATH, PORT, HOST.
import Fastify from 'fastify';
import pg from 'pg';

const { DATABASE_URL, COMPANY_PATH, PORT = '8091', HOST = '127.0.0.1' } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const COLUMNS = `d.id, d.imei, d.name, d.region, d.status, d.online, d.suspended, d.auto_renew, d.real_name, d.iccid, d.network_operator,
  d.network_type, d.signal_level, d.area, d.group_id, g.name AS group_name, d.usage_yesterday, d.usage_month, d.activated_at,
  d.license_expires_at, d.created_at, d.updated_at`;
const FILTER = 'd.company_id IN (SELECT id FROM companies WHERE path LIKE $1)';
const mb = (b) => Math.round((Number(b ?? 0) / 1048576) * 100) / 100;
const iso = (v) => (v == null ? null : new Date(v).toISOString());

app.post('/api/v1/rrp/device/list', async (req) => {
  const { pageNum = 1, pageSize = 20, cursor } = req.body ?? {};
  const params = [`${COMPANY_PATH}%`];
  let page = '';
  let offset = 0;
  if (cursor) {
    const [, key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    params.push(key, id);
    page = ' AND (d.created_at, d.id) < ($2::timestamptz, $3::uuid)';
  } else offset = (pageNum - 1) * pageSize;
  params.push(offset, pageSize + 1);
  const n = params.length;
  const [{ rows }, { rows: count }] = await Promise.all([
    pool.query(
      `SELECT ${COLUMNS}, d.created_at::text AS ck FROM devices d LEFT JOIN device_groups g ON g.id = d.group_id
       WHERE ${FILTER}${page} ORDER BY d.created_at DESC, d.id DESC OFFSET $${n - 1} LIMIT $${n}`,
      params,
    ),
    pool.query(`SELECT count(*)::int AS n FROM devices d WHERE ${FILTER}`, [params[0]]),
  ]);
  const list = rows.slice(0, pageSize);
  const last = list[list.length - 1];
  return {
    success: true,
    code: 0,
    msg: 'success',
    obj: {
      total: count[0].n,
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
      nextCursor: rows.length > pageSize && last ? Buffer.from(JSON.stringify(['created_desc', last.ck, last.id])).toString('base64url') : null,
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
