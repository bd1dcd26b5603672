import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import type { Row } from '../../db/row.js';
import { SIMULATED_ACCOUNT_ID } from '../../db/schema/index.js';
import { importAccountFor } from './import-account.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

const add = async (name: string, regions: string[], state = 'active', createdAt = 'now()') =>
  (
    await t.database.rows<Row<'connectivity_accounts', 'id'>>(
      sql`INSERT INTO connectivity_accounts (kind, name, base_url, regions, state, created_at)
          VALUES ('cisco_cc', ${name}, 'http://127.0.0.1:1', ${`{${regions.join(',')}}`}::text[], ${state}, ${sql.raw(createdAt)}) RETURNING id`,
    )
  )[0].id;

describe('the account an import goes on', () => {
  it('is the oldest platform account serving the region that is not disabled, else the built-in network', async () => {
    expect(await importAccountFor(t.database, 'hong_kong')).toBe(SIMULATED_ACCOUNT_ID);
    await add('disabled hk', ['hong_kong'], 'disabled', "now() - interval '2 days'");
    expect(await importAccountFor(t.database, 'hong_kong')).toBe(SIMULATED_ACCOUNT_ID);
    const newer = await add('newer hk', ['hong_kong', 'singapore']);
    const older = await add('older hk', ['hong_kong'], 'unreachable', "now() - interval '1 day'");
    expect(await importAccountFor(t.database, 'hong_kong')).toBe(older);
    expect(await importAccountFor(t.database, 'singapore')).toBe(newer);
    expect(await importAccountFor(t.database, 'china_mainland')).toBe(SIMULATED_ACCOUNT_ID);
  });
});
