// Diagnostic for the device benchmarks: seeds the same platform (1M devices, 50,000 in the demo
// company) and prints EXPLAIN (ANALYZE, BUFFERS) of the statements behind the list, the export
// and the report ingestion, as the server sends them (SQL copied from the repository code).
// Usage: node bench/devices-explain.mjs [--total 1000000]
import { parseArgs } from 'node:util';
import { freshDatabase } from './lib/db.mjs';
import { client, demoCompany, IMEI, moveParked, seed } from './lib/devices-seed.mjs';
import { startOurServer } from './lib/rrp.mjs';

const { values } = parseArgs({ options: { total: { type: 'string', default: '1000000' } } });
const db = await freshDatabase('rrp_bench_devx');
let c;
try {
  await (await startOurServer(db.url)).stop();
  c = await client(db.url);
  const company = await demoCompany(c);
  const s = await seed(c, { total: Number(values.total) });
  await moveParked(c, s.parkingId, company.id, 50_000);
  await c.query('VACUUM ANALYZE devices');
  const sub = `(SELECT id FROM companies WHERE path LIKE '${company.path}%')`;
  const explain = async (title, text, params = []) => {
    const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
    console.log(`\n== ${title}\n${rows.map((r) => r['QUERY PLAN'].slice(0, 240)).join('\n')}`);
  };
  const cols = 'd.id, d.imei, d.name, d.status, g.name AS group_name, d.created_at::text AS ck';
  await explain(
    'list: first page',
    `SELECT ${cols} FROM devices d LEFT JOIN device_groups g ON g.id = d.group_id WHERE d.company_id IN ${sub} ORDER BY d.created_at DESC, d.id DESC OFFSET 0 LIMIT 21`,
  );
  await explain('list: count', `SELECT count(*)::int AS n FROM devices d WHERE d.company_id IN ${sub}`);
  await explain(
    'list: first page, company_id = (one company)',
    `SELECT ${cols} FROM devices d LEFT JOIN device_groups g ON g.id = d.group_id WHERE d.company_id = $1 ORDER BY d.created_at DESC, d.id DESC OFFSET 0 LIMIT 21`,
    [company.id],
  );
  await explain(
    'export: first device batch',
    `SELECT id, imei, name FROM devices WHERE company_id IN ${sub} AND id > '00000000-0000-0000-0000-000000000000'::uuid ORDER BY id LIMIT 500`,
  );
  const { rows: ids } = await c.query(`SELECT id FROM devices WHERE company_id = $1 ORDER BY id LIMIT 500`, [company.id]);
  await explain(
    'export: usage of one batch',
    `SELECT device_id, to_char(day, 'YYYY-MM-DD') AS day, bytes FROM device_usage_daily WHERE device_id = ANY($1::uuid[]) AND day BETWEEN (now()::date - 90) AND (now()::date - 1)`,
    [`{${ids.map((r) => r.id).join(',')}}`],
  );
  const { rows: dev } = await c.query('SELECT id FROM devices WHERE company_id = $1 AND imei = ANY($2) ORDER BY id', [
    company.id,
    Array.from({ length: 1000 }, (_, i) => IMEI(i + 1)),
  ]);
  const arr = `{${dev.map((r) => r.id).join(',')}}`;
  await c.query('BEGIN');
  await explain(
    'report: UPDATE devices of one batch of 1,000 (rolled back)',
    `UPDATE devices d SET online = true, signal_level = 3, network_operator = 'China Mobile', network_type = '4G', area = 'Shanghai'
     FROM unnest($1::uuid[]) AS v(id) WHERE d.id = v.id`,
    [arr],
  );
  await c.query('ROLLBACK');
  // the same UPDATE timed (rolled back each time), with the table as loaded (fillfactor 100)
  // and after a rewrite leaving 15 % free per page, where the state columns can be updated HOT
  const timeUpdate = async () => {
    const ms = [];
    for (let i = 0; i < 5; i++) {
      await c.query('BEGIN');
      const t0 = performance.now();
      await c.query(
        `UPDATE devices d SET online = true, signal_level = 3, network_operator = 'China Mobile', network_type = '4G', area = 'Shanghai'
         FROM unnest($1::uuid[]) AS v(id) WHERE d.id = v.id`,
        [arr],
      );
      ms.push(performance.now() - t0);
      await c.query('ROLLBACK');
    }
    return ms.sort((x, y) => x - y)[2].toFixed(1);
  };
  const hot = async () => (await c.query(`SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE relname = 'devices'`)).rows[0];
  console.log(`\nUPDATE of 1,000 devices, fillfactor 100: median ${await timeUpdate()} ms; ${JSON.stringify(await hot())}`);
  await c.query('ALTER TABLE devices SET (fillfactor = 85)');
  await c.query('VACUUM FULL devices');
  await c.query('ANALYZE devices');
  console.log(
    `UPDATE of 1,000 devices, fillfactor 85 (after VACUUM FULL): median ${await timeUpdate()} ms; ${JSON.stringify(await hot())} (counters accumulate)`,
  );
} finally {
  await c?.end();
  await db.drop();
}
