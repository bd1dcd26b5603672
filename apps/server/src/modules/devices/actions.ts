import { DEVICE_TIMING, type Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';
import type { CommandKind, ConnectivityProvider } from '../network/provider.js';
import { defaultGroup, findDevice, parseImeis, refOf, subtree } from './common.js';

const HINTS: Record<CommandKind, { zh: string; en: string }> = {
  suspend: { zh: '停机指令已发送，请稍后刷新查看结果', en: 'The suspend command was sent: refresh in a moment to see the result' },
  unsuspend: {
    zh: '复机指令已发送，设备可能需要重启多次才能恢复',
    en: 'The unsuspend command was sent: the device may need several restarts to recover',
  },
  switch_card: { zh: '切卡指令已发送，请刷新页面查看结果', en: 'The switch command was sent: refresh the page to see the result' },
  sync: {
    zh: `同步指令已发送，约 ${DEVICE_TIMING.syncResultMs / 1000} 秒后可查看结果`,
    en: `The sync command was sent: the result is available after about ${DEVICE_TIMING.syncResultMs / 1000} seconds`,
  },
};

/**
 * Sends a command to a device of the caller's subtree: checks the state, writes a pending
 * operation row, and hands it to the provider, which completes it later.
 */
export async function sendCommand(
  database: Database,
  provider: ConnectivityProvider,
  caller: { userId: string; companyPath: string },
  imei: string,
  kind: CommandKind,
  locale: Locale,
): Promise<{ operationId: number; hint: string }> {
  const { device, opId } = await database.db.transaction(async (tx) => {
    const device = await findDevice(database, caller.companyPath, imei, tx, true);
    if (device.status === 'service_expired') throw new AppError(23011);
    if (kind === 'suspend' && device.suspended) throw new AppError(23011);
    if (kind === 'unsuspend' && !device.suspended) throw new AppError(23011);
    if (kind === 'switch_card') {
      const last = device.last_switch_at ? new Date(device.last_switch_at).getTime() : 0;
      if (Date.now() - last < DEVICE_TIMING.switchCooldownMs) throw new AppError(23012);
      await database.rows(sql`UPDATE devices SET last_switch_at = now(), updated_at = now() WHERE id = ${device.id}`, tx);
    }
    const [op] = await database.rows<{ id: string | number }>(
      sql`INSERT INTO device_operations (device_id, user_id, action, status) VALUES (${device.id}, ${caller.userId}, ${kind}, 'pending') RETURNING id`,
      tx,
    );
    return { device, opId: Number(op.id) };
  });
  await provider.command(refOf(device), kind, opId);
  const h = HINTS[kind];
  return { operationId: opId, hint: locale === 'en' ? h.en : h.zh };
}

export async function setAutoRenew(database: Database, caller: { userId: string; companyPath: string }, imei: string, on: boolean): Promise<void> {
  await database.db.transaction(async (tx) => {
    const device = await findDevice(database, caller.companyPath, imei, tx, true);
    await database.rows(sql`UPDATE devices SET auto_renew = ${on}, updated_at = now() WHERE id = ${device.id}`, tx);
  });
}

/**
 * Moves devices (and the Licenses they carry) to a company of the caller's tree, into its
 * default group. All or nothing; IMEIs outside the caller's subtree refuse the whole move (23009).
 */
export async function migrateDevices(
  database: Database,
  caller: { userId: string; companyPath: string },
  input: string | string[],
  targetCompanyId: string,
): Promise<number> {
  const imeis = parseImeis(input);
  return database.db.transaction(async (tx) => {
    const [target] = await database.rows<{ id: string }>(
      sql`SELECT id FROM companies WHERE id = ${targetCompanyId} AND path LIKE ${`${caller.companyPath}%`}`,
      tx,
    );
    if (!target) throw new AppError(21001);
    const found = await database.rows<{ id: string; imei: string; company_id: string }>(
      sql`SELECT id, imei, company_id FROM devices WHERE imei = ANY(${textArray(imeis)}::text[]) AND company_id IN ${subtree(caller.companyPath)}
          ORDER BY id FOR UPDATE`,
      tx,
    );
    const mine = new Set(found.map((f) => f.imei));
    const foreign = imeis.filter((i) => !mine.has(i));
    if (foreign.length) throw new AppError(23009, undefined, foreign.join(', '));
    const groupId = await defaultGroup(database, target.id, tx);
    const ids = `{${found.map((f) => f.id).join(',')}}`;
    await database.rows(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, finished_at)
          SELECT d.id, ${caller.userId}, 'migrate', 'done', jsonb_build_object('fromCompanyId', d.company_id, 'toCompanyId', ${target.id}::text), now()
          FROM devices d WHERE d.id = ANY(${ids}::uuid[])`,
      tx,
    );
    await database.rows(sql`UPDATE devices SET company_id = ${target.id}, group_id = ${groupId}, updated_at = now() WHERE id = ANY(${ids}::uuid[])`, tx);
    return found.length;
  });
}
