import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { webhookRows } from './webhooks.js';

const API_KEY_NOT_FOUND = 38001;

/** An active API key of the demo company, made by its administrator (the secret does not matter here). */
async function demoApiKey(fx: Fixtures): Promise<string> {
  const keyId = `ak_${randomBytes(12).toString('hex')}`;
  await fx.t.database.rows(sql`
    INSERT INTO api_keys (company_id, created_by, key_id, name, permissions, secret_hash)
    SELECT ${fx.demo.id}, id, ${keyId}, 'matrix', '{DEVICE_LIST}', repeat('0', 64) FROM users WHERE email = 'admin@demo.rrp.local'`);
  return keyId;
}

/** The developer area of the caller's company: its device key and API keys (webhooks: webhooks.ts). */
export const developerRows: MatrixRows = {
  'POST /rrp/developer/deviceKey/query': {},
  'POST /rrp/developer/deviceKey/rotate': {},
  'POST /rrp/developer/apiKey/list': {},
  'POST /rrp/developer/apiKey/add': { request: () => ({ body: { name: 'matrix', permissions: ['DEVICE_LIST'] } }) },
  'POST /rrp/developer/apiKey/revoke': {
    request: async (fx) => ({ body: { keyId: await demoApiKey(fx) } }),
    expect: { sub: API_KEY_NOT_FOUND, foreign: API_KEY_NOT_FOUND },
  },
  ...webhookRows,
};
