import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.js';
import type { Database } from './client.js';

const PROBE = sql`SELECT '2026-11-29 01:59:02.419393+00'::timestamptz AS tz, '2026-11-29 01:59:02'::timestamp AS ts, '2026-03-04'::date AS d,
  interval '90 minutes' AS iv, 12.50::numeric(12,2) AS num, 9007199254740993::bigint AS big, count(*) AS n, 3::int AS i,
  ARRAY['2026-11-29 01:59:02+00'::timestamptz] AS tzs, true AS b, json_build_object('k', 1) AS j`;

const EXPECTED = {
  tz: '2026-11-29 01:59:02.419393+00',
  ts: '2026-11-29 01:59:02',
  d: '2026-03-04',
  iv: '01:30:00',
  num: '12.50',
  big: '9007199254740993',
  n: '1',
  i: 3,
  tzs: '{"2026-11-29 01:59:02+00"}',
  b: true,
  j: { k: 1 },
};

describe('values from a raw statement (db/wire-types.ts)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('arrive as the same types on every path: dates and int8 as text', async () => {
    expect((await database.rows(PROBE))[0]).toEqual(EXPECTED);
    expect((await database.prepared('wire_types_probe', PROBE))[0]).toEqual(EXPECTED);
    expect((await database.ephemeral('wire_types_probe_e', PROBE))[0]).toEqual(EXPECTED);
    await database.db.transaction(async (tx) => expect((await database.rows(PROBE, tx))[0]).toEqual(EXPECTED));
    expect((await database.forReads().rows(PROBE))[0]).toEqual(EXPECTED);
  });
});
