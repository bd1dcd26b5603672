import { constants, createPrivateKey, generateKeyPairSync, type KeyObject, privateDecrypt, randomUUID } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rsaKeys } from '../../db/schema/index.js';
import { AppError } from '../../plugins/errors.js';

type Key = { id: string; publicPem: string; privateKey: KeyObject };

/**
 * The RSA key pair the browser encrypts sign-in fields with. Kept in the database so every API
 * process shares it; made on first use.
 */
export class RsaKeys {
  private current?: Key;

  constructor(private readonly database: Database) {}

  async currentKey(): Promise<Key> {
    if (this.current) return this.current;
    let [row] = await this.database.db.select().from(rsaKeys).orderBy(desc(rsaKeys.createdAt)).limit(1);
    if (!row) {
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      await this.database.rows(sql`
        INSERT INTO rsa_keys (id, public_pem, private_pem)
        SELECT ${randomUUID()}, ${publicKey.export({ type: 'spki', format: 'pem' }).toString()},
               ${privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()}
        WHERE NOT EXISTS (SELECT 1 FROM rsa_keys)`);
      [row] = await this.database.db.select().from(rsaKeys).orderBy(desc(rsaKeys.createdAt)).limit(1);
    }
    this.current = { id: row.id, publicPem: row.publicPem, privateKey: createPrivateKey(row.privatePem) };
    return this.current;
  }

  /** Decrypts one base64 RSA-OAEP(SHA-256) field; 29016 when it cannot. */
  async decrypt(b64: string, keyId?: string): Promise<string> {
    const key = await this.currentKey();
    if (keyId && key.id !== keyId) throw new AppError(29016);
    try {
      return privateDecrypt({ key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString(
        'utf8',
      );
    } catch {
      throw new AppError(29016);
    }
  }
}
