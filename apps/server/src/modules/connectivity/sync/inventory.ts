import { sql } from 'drizzle-orm';
import { arr, textArray } from '../../../db/arrays.js';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import type { Actor } from '../../audit/index.js';
import type { Connector, InventoryCursor, PlatformSim } from '../connector.js';
import type { AccountRow, SyncCursor } from './account.js';
import { importPlatformSims } from './import.js';

/** An incremental sync asks for SIMs modified since the previous sync began, less this overlap (clock skew). */
const OVERLAP_MS = 5 * 60_000;

export const SYNC_ACTOR: Actor = { kind: 'system', id: null, name: 'platform sync', companyId: null, address: null, requestId: null };

export type InventoryResult = { pages: number; sims: number; matched: number; imported: number };

/** The cursor a sync starts from: the page a cut-short sync stopped at, else the next incremental pass. */
export function startCursor(saved: SyncCursor | null, now: Date): SyncCursor {
  if (saved?.running) return saved;
  const since = saved ? new Date(Date.parse(saved.startedAt) - OVERLAP_MS).toISOString() : null;
  return { since, page: 1, startedAt: now.toISOString(), running: true };
}

/**
 * Reads the platform's inventory page after page into platform_sims (an upsert by ICCID: a page
 * read twice changes nothing), fetches the records a page did not carry in full, matches SIMs to
 * the account's devices by ICCID or IMEI, and imports the unknown ones into the account's import
 * company when it has one. The cursor is saved after each page, so a sync cut short resumes there.
 * `beforePage` runs before each call (the lease is renewed there).
 */
export async function syncInventory(
  database: Database,
  account: AccountRow,
  connector: Connector,
  opts: { now?: () => Date; beforePage?: () => Promise<void> } = {},
): Promise<InventoryResult> {
  const now = opts.now ?? (() => new Date());
  let cursor = startCursor(account.sync_cursor, now());
  await saveCursor(database, account.id, cursor);
  const result: InventoryResult = { pages: 0, sims: 0, matched: 0, imported: 0 };
  // the next page is asked for while this one is written: one call in flight, and the platform's
  // answer time is not added to ours (a failed call surfaces when its page is wanted)
  const fetchPage = (at: InventoryCursor) => {
    const call = (async () => {
      await opts.beforePage?.();
      return connector.inventoryPage(at);
    })();
    call.catch(() => undefined);
    return call;
  };
  let pending = fetchPage({ since: cursor.since, page: cursor.page });
  for (;;) {
    const page = await pending;
    const next: SyncCursor = page.next ? { ...cursor, page: page.next.page, since: page.next.since } : { ...cursor, running: false };
    if (page.next) pending = fetchPage(page.next);
    let sims = page.sims;
    if (!page.complete && sims.length) sims = await withDetails(database, account.id, connector, sims);
    await upsertSims(database, account.id, sims);
    result.pages++;
    result.sims += sims.length;
    const iccids = sims.map((s) => s.iccid);
    result.matched += await matchDevices(database, account.id, iccids);
    if (account.import_company_id) result.imported += await importUnknown(database, account, iccids);
    cursor = next;
    await saveCursor(database, account.id, cursor, !page.next);
    if (!page.next) return result;
  }
}

async function saveCursor(database: Database, accountId: string, cursor: SyncCursor, finished = false): Promise<void> {
  await database.rows(
    sql`UPDATE connectivity_accounts SET sync_cursor = ${JSON.stringify(cursor)}::jsonb, last_sync_at = CASE WHEN ${finished} THEN now() ELSE last_sync_at END
        WHERE id = ${accountId}`,
  );
}

/**
 * Full records of a page's SIMs: only those new to us, without an IMEI yet, or changed on the
 * platform since we read them are asked for (in the connector's batches); the others keep theirs.
 */
async function withDetails(database: Database, accountId: string, connector: Connector, sims: PlatformSim[]): Promise<PlatformSim[]> {
  const known = new Map(
    (
      await database.rows<Row<'platform_sims', 'iccid' | 'imsi' | 'msisdn' | 'imei' | 'platform_modified_at'>>(
        sql`SELECT iccid, imsi, msisdn, imei, platform_modified_at FROM platform_sims
            WHERE account_id = ${accountId} AND iccid = ANY(${textArray(sims.map((s) => s.iccid))}::text[])`,
      )
    ).map((k) => [k.iccid, k]),
  );
  const stale = sims.filter((s) => {
    const k = known.get(s.iccid);
    if (!k || k.imei === null) return true;
    return s.modifiedAt !== null && (k.platform_modified_at === null || new Date(k.platform_modified_at).getTime() < s.modifiedAt.getTime());
  });
  const fresh = new Map<string, PlatformSim>();
  for (let i = 0; i < stale.length; i += connector.batchSize) {
    for (const d of await connector.details(stale.slice(i, i + connector.batchSize).map((s) => s.iccid))) fresh.set(d.iccid, d);
  }
  return sims.map((s) => {
    const d = fresh.get(s.iccid);
    if (d) return { ...s, ...d, modifiedAt: d.modifiedAt ?? s.modifiedAt };
    const k = known.get(s.iccid);
    return k ? { ...s, imsi: s.imsi ?? k.imsi, msisdn: s.msisdn ?? k.msisdn, imei: s.imei ?? k.imei } : s;
  });
}

async function upsertSims(database: Database, accountId: string, sims: PlatformSim[]): Promise<void> {
  if (sims.length === 0) return;
  await database.rows(
    sql`INSERT INTO platform_sims (account_id, iccid, imsi, msisdn, imei, status, state, rate_plan, platform_modified_at, synced_at)
        SELECT ${accountId}, t.iccid, t.imsi, t.msisdn, t.imei, t.status, t.state, t.rate_plan, t.modified, now()
        FROM unnest(${textArray(sims.map((s) => s.iccid))}::text[], ${arr(
          sims.map((s) => s.imsi),
          'text',
        )}, ${arr(
          sims.map((s) => s.msisdn),
          'text',
        )}, ${arr(
          sims.map((s) => s.imei),
          'text',
        )}, ${textArray(sims.map((s) => s.status))}::text[], ${textArray(sims.map((s) => s.state))}::text[], ${arr(
          sims.map((s) => s.ratePlan),
          'text',
        )}, ${arr(
          sims.map((s) => s.modifiedAt?.toISOString() ?? null),
          'timestamptz',
        )}) AS t(iccid, imsi, msisdn, imei, status, state, rate_plan, modified)
        ON CONFLICT (account_id, iccid) DO UPDATE SET
          imsi = coalesce(EXCLUDED.imsi, platform_sims.imsi), msisdn = coalesce(EXCLUDED.msisdn, platform_sims.msisdn),
          imei = coalesce(EXCLUDED.imei, platform_sims.imei), status = EXCLUDED.status, state = EXCLUDED.state,
          rate_plan = coalesce(EXCLUDED.rate_plan, platform_sims.rate_plan),
          platform_modified_at = coalesce(EXCLUDED.platform_modified_at, platform_sims.platform_modified_at), synced_at = now()`,
  );
}

/**
 * Links SIMs to the account's devices not yet linked: by ICCID, else by the IMEI the platform
 * saw the SIM in. A device gets the ICCID of the SIM linked to it. Answers how many were linked.
 */
async function matchDevices(database: Database, accountId: string, iccids: string[]): Promise<number> {
  if (iccids.length === 0) return 0;
  const linked = await database.rows<Row<'platform_sims', 'iccid'>>(
    sql`WITH m AS (
          SELECT DISTINCT ON (d.id) p.iccid, d.id AS device_id
          FROM platform_sims p JOIN devices d ON d.account_id = p.account_id AND (d.iccid = p.iccid OR (p.imei IS NOT NULL AND d.imei = p.imei))
          WHERE p.account_id = ${accountId} AND p.iccid = ANY(${textArray(iccids)}::text[]) AND p.device_id IS NULL AND p.ignored IS NULL
            AND NOT EXISTS (SELECT 1 FROM platform_sims q WHERE q.device_id = d.id)
          ORDER BY d.id, (d.iccid = p.iccid) DESC),
        linked AS (
          UPDATE platform_sims p SET device_id = m.device_id FROM m WHERE p.account_id = ${accountId} AND p.iccid = m.iccid RETURNING p.iccid, p.device_id),
        dev AS (
          UPDATE devices d SET iccid = l.iccid, updated_at = now() FROM linked l WHERE d.id = l.device_id AND d.iccid IS DISTINCT FROM l.iccid RETURNING d.id)
        SELECT iccid FROM linked`,
  );
  return linked.length;
}

/** SIMs of the page the product does not know, imported into the account's import company. */
async function importUnknown(database: Database, account: AccountRow, iccids: string[]): Promise<number> {
  const unknown = await database.rows<Row<'platform_sims', 'iccid'>>(
    sql`SELECT p.iccid FROM platform_sims p
        WHERE p.account_id = ${account.id} AND p.iccid = ANY(${textArray(iccids)}::text[]) AND p.device_id IS NULL AND p.ignored IS NULL
          AND p.imei IS NOT NULL AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.imei = p.imei)`,
  );
  if (unknown.length === 0 || !account.import_company_id) return 0;
  const companyId = account.import_company_id;
  const { imported } = await database.db.transaction((tx) =>
    importPlatformSims(database, tx, { accountId: account.id, companyId, iccids: unknown.map((u) => u.iccid), userId: null, actor: SYNC_ACTOR }),
  );
  return imported;
}
