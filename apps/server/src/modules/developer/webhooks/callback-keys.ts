import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { DEVELOPER_LIMITS, type TCallbackKey } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import type { TenantScope } from '../../../db/scope.js';
import { iso } from '../../../lib/units.js';
import { type Actor, recordAudit } from '../../audit/index.js';

type KeyRow = Row<'callback_keys', 'key_id' | 'public_key' | 'created_at' | 'retires_at'>;

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo: the raw 32-byte key follows it. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const pemOf = (publicKey: string) =>
  createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(publicKey.replace(/^whpk_/, ''), 'base64')]), format: 'der', type: 'spki' })
    .export({ format: 'pem', type: 'spki' })
    .toString();

const keyOf = (r: KeyRow): TCallbackKey => ({
  keyId: r.key_id,
  publicKey: r.public_key,
  publicKeyPem: pemOf(r.public_key),
  state: r.retires_at === null ? 'current' : 'previous',
  createdAt: iso(r.created_at) as string,
  retiresAt: iso(r.retires_at),
});

/** Keys that still sign: the current one (no retires_at) and a previous one until it retires. */
const SIGNING = sql`(retires_at IS NULL OR retires_at > now())`;

async function insertKey(database: Database, tx: Tx, companyId: string): Promise<void> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_PREFIX.length);
  await database.rows(
    sql`INSERT INTO callback_keys (company_id, key_id, public_key, private_key_pem)
        VALUES (${companyId}, ${`cbk_${randomBytes(12).toString('hex')}`}, ${`whpk_${raw.toString('base64')}`},
                ${privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()})`,
    tx,
  );
}

/** One writer of a company's keys at a time: the company row is locked. */
const lockCompany = (database: Database, tx: Tx, companyId: string) =>
  database.rows(sql`SELECT id FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`, tx);

/**
 * Creates a company's first key unless `current` (its current key, as the caller may read it)
 * finds one once the company is locked.
 */
async function firstKeyUnlessFound(database: Database, tx: Tx, companyId: string, current: SQL): Promise<void> {
  await lockCompany(database, tx, companyId);
  const [found] = await database.rows(current, tx);
  if (!found) await insertKey(database, tx, companyId);
}

/** Creates the caller's company's first key when it has none. */
async function ensureCurrentKey(database: Database, tx: Tx, scope: TenantScope): Promise<void> {
  const current = sql`SELECT 1 FROM callback_keys WHERE ${scope.owns()} AND retires_at IS NULL`;
  const [has] = await database.rows(current, tx);
  if (!has) await firstKeyUnlessFound(database, tx, scope.companyId, current);
}

const listed = (database: Database, tx: Tx, scope: TenantScope) =>
  database.rows<KeyRow>(
    sql`SELECT key_id, public_key, created_at, retires_at FROM callback_keys WHERE ${scope.owns()} AND ${SIGNING}
        ORDER BY created_at DESC, id DESC`,
    tx,
  );

/** The caller's company's signing keys, newest first; the first is created on first need. */
export async function listCallbackKeys(database: Database, scope: TenantScope): Promise<TCallbackKey[]> {
  return database.db.transaction(async (tx) => {
    await ensureCurrentKey(database, tx, scope);
    return (await listed(database, tx, scope)).map(keyOf);
  });
}

/**
 * A new current key. The one it replaces keeps signing (a second `v1a`) for
 * DEVELOPER_LIMITS.callbackKeyGraceHours; a key replaced earlier and still in its grace period
 * retires at once, so at most two keys sign.
 */
export async function rotateCallbackKey(database: Database, ctx: { scope: TenantScope; actor: Actor }): Promise<TCallbackKey[]> {
  const { scope } = ctx;
  return database.db.transaction(async (tx) => {
    await lockCompany(database, tx, scope.companyId);
    await database.rows(sql`UPDATE callback_keys SET retires_at = now() WHERE ${scope.owns()} AND retires_at > now()`, tx);
    const retired = await database.rows<Row<'callback_keys', 'key_id'>>(
      sql`UPDATE callback_keys SET retires_at = now() + ${`${DEVELOPER_LIMITS.callbackKeyGraceHours} hours`}::interval
          WHERE ${scope.owns()} AND retires_at IS NULL RETURNING key_id`,
      tx,
    );
    await insertKey(database, tx, scope.companyId);
    const keys = (await listed(database, tx, scope)).map(keyOf);
    await recordAudit(database, tx, ctx.actor, {
      action: 'developer.callbackKey.rotate',
      companyId: scope.companyId,
      targetType: 'callback_key',
      targetId: keys[0].keyId,
      targetLabel: keys[0].keyId,
      changes: { keyId: [retired[0]?.key_id ?? null, keys[0].keyId] },
    });
    return keys;
  });
}

/** The private keys that sign the caller's company's callbacks now (newest first), the first created if none: a test delivery's. */
export async function signingKeys(database: Database, scope: TenantScope): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    await ensureCurrentKey(database, tx, scope);
    const keys = await database.rows<Row<'callback_keys', 'private_key_pem'>>(
      sql`SELECT private_key_pem FROM callback_keys WHERE ${scope.owns()} AND ${SIGNING} ORDER BY created_at DESC, id DESC`,
      tx,
    );
    return keys.map((r) => r.private_key_pem);
  });
}

/**
 * The private keys that sign a delivery's callbacks now (newest first), the first created if
 * none. The delivery job's: it acts for every company, so it reads them by the delivery's company.
 */
export async function deliverySigningKeys(database: Database, companyId: string): Promise<string[]> {
  const rows = () =>
    database.rows<Row<'callback_keys', 'private_key_pem'>>(
      sql`SELECT private_key_pem FROM callback_keys WHERE company_id = ${companyId} AND ${SIGNING} ORDER BY created_at DESC, id DESC`,
    );
  const found = await rows();
  if (found.length > 0) return found.map((r) => r.private_key_pem);
  await database.db.transaction((tx) =>
    firstKeyUnlessFound(database, tx, companyId, sql`SELECT 1 FROM callback_keys WHERE company_id = ${companyId} AND retires_at IS NULL`),
  );
  return (await rows()).map((r) => r.private_key_pem);
}
