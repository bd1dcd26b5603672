import { type AccountState, type Capability, canDo, type ProviderKind } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';

/** The operator platform a device's SIM lives on, as the command paths need it (never the account's name or credentials). */
export type DevicePlatform = { kind: ProviderKind; state: AccountState; unreachableSince: string | null };

/**
 * Whether a command may be sent to a device on `platform`: only a disabled account refuses; one
 * whose credentials were refused or that cannot be reached still takes it (the command waits and
 * is retried, or caught up by the next sync).
 */
export const platformAllows = (platform: Pick<DevicePlatform, 'kind' | 'state'>, capability: Capability) =>
  platform.state !== 'disabled' && canDo(platform.kind, capability);

/** The platform of a device (23003 when there is no such device). */
export async function platformOf(database: Database, tx: Tx | undefined, deviceId: string): Promise<DevicePlatform> {
  const [p] = await database.rows<Narrow<Row<'connectivity_accounts', 'kind' | 'state' | 'unreachable_since'>, { kind: ProviderKind; state: AccountState }>>(
    sql`SELECT a.kind, a.state, a.unreachable_since FROM devices d JOIN connectivity_accounts a ON a.id = d.account_id WHERE d.id = ${deviceId}`,
    tx,
  );
  if (!p) throw new AppError(23003);
  return { kind: p.kind, state: p.state, unreachableSince: p.state === 'unreachable' ? iso(p.unreachable_since) : null };
}

/**
 * Refuses a command the device's platform cannot take: 40020 when its account is disabled,
 * 40021 when the platform cannot do `capability`. Called in the command's transaction, before
 * its operation row is written.
 */
export async function assertPlatformAllows(database: Database, tx: Tx | undefined, deviceId: string, capability: Capability): Promise<DevicePlatform> {
  const platform = await platformOf(database, tx, deviceId);
  if (platform.state === 'disabled') throw new AppError(40020);
  if (!canDo(platform.kind, capability)) throw new AppError(40021);
  return platform;
}
