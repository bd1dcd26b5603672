import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SIMULATED_ACCOUNT_ID } from '../../../src/db/schema/connectivity.js';
import { encryptCredentials, secretsKey } from '../../../src/modules/connectivity/index.js';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

/** A Control Center account written directly, with a name no other row uses; a platform-only SIM on it when asked. */
async function account(fx: Fixtures, o: { sim?: string; baseUrl?: string } = {}): Promise<string> {
  const id = randomUUID();
  const stored = encryptCredentials(secretsKey(fx.t.config), id, { kind: 'cisco_cc', username: 'matrix', apiKey: 'matrix-api-key' });
  await fx.t.database.rows(
    sql`INSERT INTO connectivity_accounts (id, kind, name, base_url, credentials, credentials_hint)
        VALUES (${id}, 'cisco_cc', ${`Matrix ${id.slice(0, 8)}`}, ${o.baseUrl ?? 'https://cc.example.com'}, ${stored}, 'matrix / ••••ey')`,
  );
  if (o.sim) await fx.t.database.rows(sql`INSERT INTO platform_sims (account_id, iccid, status, state) VALUES (${id}, ${o.sim}, 'ACTIVATED', 'active')`);
  return id;
}

const iccid = () =>
  `8949${String(Date.now()).slice(-10)}${Math.floor(Math.random() * 1e6)
    .toString()
    .padStart(6, '0')}`;

/**
 * Operator platform accounts: staff only. "test" of an account whose platform cannot be reached
 * (port 1 on loopback refuses at once) still answers, with ok: false, and records the test.
 */
export const connectivityRows: MatrixRows = {
  'POST /ops/connectivity/list': { request: () => ({ body: {} }) },
  'POST /ops/connectivity/detail': { request: () => ({ body: { id: SIMULATED_ACCOUNT_ID } }) },
  'POST /ops/connectivity/add': {
    request: () => ({
      body: {
        kind: 'cisco_cc',
        name: `Matrix add ${randomUUID().slice(0, 8)}`,
        baseUrl: 'https://cc.example.com',
        credentials: { kind: 'cisco_cc', username: 'matrix', apiKey: 'matrix-api-key' },
      },
    }),
  },
  'POST /ops/connectivity/update': { request: async (fx) => ({ body: { id: await account(fx), regions: ['europe'] } }) },
  'POST /ops/connectivity/test': { request: async (fx) => ({ body: { id: await account(fx, { baseUrl: 'http://127.0.0.1:1' }) } }) },
  'POST /ops/connectivity/sync': { request: async (fx) => ({ body: { id: await account(fx) } }) },
  'POST /ops/connectivity/disable': { request: async (fx) => ({ body: { id: await account(fx), disabled: true } }) },
  'POST /ops/connectivity/reconcile/list': { request: () => ({ body: { id: SIMULATED_ACCOUNT_ID, view: 'platform_only' } }) },
  'POST /ops/connectivity/reconcile/resolve': {
    request: async (fx) => {
      const sim = iccid();
      return { body: { id: await account(fx, { sim }), iccid: sim, action: 'remove' } };
    },
  },
};
