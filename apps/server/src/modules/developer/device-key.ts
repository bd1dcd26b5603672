import { randomBytes } from 'node:crypto';
import { DEVELOPER_LIMITS, DEVICE_PROTOCOL, type TDeviceKey } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { type Actor, HIDDEN, recordAudit } from '../audit/index.js';
import { getOrCreateDeviceKey } from '../devicekeys/index.js';

type KeyRow = Row<'device_keys', 'key_id' | 'secret' | 'created_at' | 'previous_key_id' | 'previous_valid_until'>;

const iso = (v: string | Date) => new Date(v).toISOString();

function toDeviceKey(r: KeyRow): TDeviceKey {
  const inGrace = r.previous_key_id && r.previous_valid_until && new Date(r.previous_valid_until).getTime() > Date.now();
  return {
    keyId: r.key_id,
    secret: r.secret,
    protocol: DEVICE_PROTOCOL,
    createdAt: iso(r.created_at),
    previous: inGrace ? { keyId: r.previous_key_id as string, validUntil: iso(r.previous_valid_until as string) } : null,
  };
}

/** The company's device key (created on first need) and the previous one while it still signs. */
export async function queryDeviceKey(database: Database, scope: TenantScope): Promise<TDeviceKey> {
  await getOrCreateDeviceKey(database, scope.companyId);
  const [row] = await database.rows<KeyRow>(
    sql`SELECT key_id, secret, created_at, previous_key_id, previous_valid_until FROM device_keys WHERE ${scope.owns()}`,
  );
  return toDeviceKey(row);
}

/**
 * A new key id and secret in one update; the replaced key keeps signing for the grace period
 * (a key already in its grace period is replaced at once: only the latest previous key signs).
 */
export async function rotateDeviceKey(database: Database, actor: Actor, scope: TenantScope): Promise<TDeviceKey> {
  await getOrCreateDeviceKey(database, scope.companyId);
  const keyId = `dk_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const grace = `${DEVELOPER_LIMITS.deviceKeyGraceHours} hours`;
  return database.db.transaction(async (tx) => {
    // SET reads the row as it was: the old key id and secret become the previous ones
    const [row] = await database.rows<KeyRow & As<'device_keys', { old_key_id: 'previous_key_id' }>>(
      sql`UPDATE device_keys SET key_id = ${keyId}, secret = ${secret}, created_at = now(),
            previous_key_id = key_id, previous_secret = secret, previous_valid_until = now() + ${grace}::interval
          WHERE ${scope.owns()}
          RETURNING key_id, secret, created_at, previous_key_id, previous_valid_until, previous_key_id AS old_key_id`,
      tx,
    );
    await recordAudit(database, tx, actor, {
      action: 'developer.deviceKey.rotate',
      companyId: scope.companyId,
      targetType: 'deviceKey',
      targetId: keyId,
      targetLabel: keyId,
      changes: { keyId: [row.old_key_id, keyId], secret: [HIDDEN, HIDDEN] },
    });
    return toDeviceKey(row);
  });
}
