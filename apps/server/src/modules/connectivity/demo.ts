import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { grantLicenses } from '../licenses/index.js';
import type { CiscoCredentials } from './connector.js';
import { embeddedSimUrl } from './embedded-sims.js';
import { credentialsHint, encryptCredentials } from './secrets.js';
import { queueSync } from './sync/queue.js';

/** SIMs of the demo's Control Center account are imported into the demo company: it gets Licenses for them. */
const DEMO_LICENSES = 1_000;

/**
 * The demo's operator platform (first start, outside production): a Control Center account on the
 * simulator `npm start` runs at its default address, with credentials of its own, importing its
 * SIMs into the demo company; its first sync is queued. Runs once (a `meta` row claims it).
 */
export async function seedPlatformDemo(database: Database, key: Buffer, companyId: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const claimed = await database.rows(
      sql`INSERT INTO meta (key, value) VALUES ('platform_demo_seeded', now()::text) ON CONFLICT DO NOTHING RETURNING key`,
      tx,
    );
    if (!claimed.length) return false;
    const id = randomUUID();
    const credentials: CiscoCredentials = { kind: 'cisco_cc', username: 'rrp-demo', apiKey: randomBytes(18).toString('base64url') };
    await database.rows(
      sql`INSERT INTO connectivity_accounts (id, kind, name, base_url, credentials, credentials_hint, operators, import_company_id)
          VALUES (${id}, 'cisco_cc', '联通 Control Center 演示（模拟器）', ${embeddedSimUrl('cisco_cc')}, ${encryptCredentials(key, id, credentials)},
                  ${credentialsHint(credentials)}, '{46001}', ${companyId})`,
      tx,
    );
    await grantLicenses(database, tx, companyId, DEMO_LICENSES, 'grant');
    await queueSync(database, id, tx);
    return true;
  });
}
