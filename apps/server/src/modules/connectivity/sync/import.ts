import { IMEI_RE } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../../db/arrays.js';
import type { Database, Tx } from '../../../db/client.js';
import { devicesByImei } from '../../../db/imei-lookup.js';
import type { Row } from '../../../db/row.js';
import { type Actor, recordAudit } from '../../audit/index.js';
import { lockStock, payerOf, reservedOf, stockOf, useLicenses } from '../../licenses/index.js';

/** Why a platform SIM was not imported: it carries no valid IMEI, its IMEI is a known device's, or the company lacks Licenses. */
export type PlatformImportRefusal = { iccid: string; reason: 'not_found' | 'no_imei' | 'imei_known' | 'licenses' };

/** The home region of devices imported from an account that names none. */
const DEFAULT_REGION = 'china_mainland';

/**
 * Imports SIMs found on an account's platform, and not yet in the product, into a company as
 * devices, each taking one License like an import by IMEI (all or nothing: refused as a whole when
 * the stock minus the month's auto-renewal reserve is short). The device is on the account, with
 * the SIM's ICCID, suspended when the platform says so. Runs in the caller's transaction.
 */
export async function importPlatformSims(
  database: Database,
  tx: Tx,
  args: { accountId: string; companyId: string; iccids: string[]; userId: string | null; actor: Actor },
): Promise<{ imported: number; refused: PlatformImportRefusal[] }> {
  if (args.iccids.length === 0) return { imported: 0, refused: [] };
  const sims = await database.rows<Row<'platform_sims', 'iccid' | 'imei' | 'state'>>(
    sql`SELECT iccid, imei, state FROM platform_sims
        WHERE account_id = ${args.accountId} AND iccid = ANY(${textArray(args.iccids)}::text[]) AND device_id IS NULL AND ignored IS NULL
        ORDER BY iccid FOR UPDATE`,
    tx,
  );
  const found = new Set(sims.map((s) => s.iccid));
  const refused: PlatformImportRefusal[] = args.iccids.filter((i) => !found.has(i)).map((iccid) => ({ iccid, reason: 'not_found' }));
  const withImei = sims.filter((s) => {
    const ok = s.imei !== null && IMEI_RE.test(s.imei);
    if (!ok) refused.push({ iccid: s.iccid, reason: 'no_imei' });
    return ok;
  });
  const known = new Set(
    (
      await database.rows<Row<'devices', 'imei'>>(
        sql`SELECT d.imei FROM ${devicesByImei(
          withImei.map((s) => s.imei as string),
          sql`imei`,
        )}`,
        tx,
      )
    ).map((d) => d.imei),
  );
  const seen = new Set<string>();
  const candidates = withImei.filter((s) => {
    const imei = s.imei as string;
    const ok = !known.has(imei) && !seen.has(imei);
    seen.add(imei);
    if (!ok) refused.push({ iccid: s.iccid, reason: 'imei_known' });
    return ok;
  });
  if (candidates.length === 0) return { imported: 0, refused };

  const payer = await payerOf(database, args.companyId, tx);
  await lockStock(database, payer.id, tx);
  const importable = Math.max(0, (await stockOf(database, payer.id, tx)) - (await reservedOf(database, payer, tx)));
  if (candidates.length > importable)
    return { imported: 0, refused: [...refused, ...candidates.map((s) => ({ iccid: s.iccid, reason: 'licenses' as const }))] };

  await database.rows(sql`INSERT INTO device_groups (company_id, name, is_default) VALUES (${args.companyId}, '默认分组', true) ON CONFLICT DO NOTHING`, tx);
  const [account] = await database.rows<Row<'connectivity_accounts', 'kind' | 'regions'>>(
    sql`SELECT kind, regions FROM connectivity_accounts WHERE id = ${args.accountId}`,
    tx,
  );
  const region = account.regions[0] ?? DEFAULT_REGION;
  const rows = await database.rows<Row<'devices', 'id' | 'imei' | 'iccid'>>(
    sql`INSERT INTO devices (company_id, group_id, imei, name, region, account_id, iccid, status, suspended, activated_at, license_expires_at)
        SELECT ${args.companyId}, g.id, t.imei, '', ${region}, ${args.accountId}, t.iccid, 'physical_card', t.state <> 'active', now(), now() + interval '1 year'
        FROM unnest(${textArray(candidates.map((s) => s.imei as string))}::text[], ${textArray(candidates.map((s) => s.iccid))}::text[],
                    ${textArray(candidates.map((s) => s.state))}::text[]) AS t(imei, iccid, state)
        CROSS JOIN (SELECT id FROM device_groups WHERE company_id = ${args.companyId} AND is_default) g
        ON CONFLICT (imei) DO NOTHING
        RETURNING id, imei, iccid`,
    tx,
  );
  const ids = rows.map((r) => r.id);
  await useLicenses(database, tx, { payerId: payer.id, deviceIds: ids, reason: 'import', userId: args.userId, ref: `platform:${args.accountId}` });
  await database.rows(
    sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, finished_at)
        SELECT d.id, ${args.userId}, 'import', 'done', jsonb_build_object('platform', ${account.kind}::text, 'iccid', d.iccid), now()
        FROM devices d WHERE d.id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
    tx,
  );
  await database.rows(
    sql`UPDATE platform_sims p SET device_id = d.id FROM devices d
        WHERE p.account_id = ${args.accountId} AND d.id = ANY(${`{${ids.join(',')}}`}::uuid[]) AND p.iccid = d.iccid`,
    tx,
  );
  await recordAudit(database, tx, args.actor, {
    action: 'device.import',
    companyId: args.companyId,
    targetType: 'import',
    targetId: null,
    targetLabel: `${account.kind}:${ids.length}`,
    changes: { platform: [null, account.kind], imported: [null, ids.length], refused: [null, refused.length] },
  });
  return { imported: ids.length, refused };
}
