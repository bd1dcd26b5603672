import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEMO } from '../../helper.js';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';

/** A published firmware file, written directly, with a version no other row uses. */
async function published(fx: Fixtures): Promise<string> {
  const [row] = await fx.t.database.rows<{ id: string }>(
    sql`INSERT INTO firmware (version, module_model, release_notes, file_name, size, sha256, content, published_by)
        SELECT ${`1.0.${randomUUID().slice(0, 8)}`}, 'EC200U', 'Matrix', 'fw.bin', 8, repeat('0', 64), ${Buffer.from('firmware')}, id
        FROM users WHERE email = ${DEMO.ops} RETURNING id`,
  );
  return row.id;
}

const parts = () => [
  { name: 'version', value: `2.0.${randomUUID().slice(0, 8)}` },
  { name: 'moduleModel', value: 'EC200U' },
  { name: 'releaseNotes', value: 'Matrix' },
  { name: 'file', value: Buffer.from('firmware'), filename: 'fw.bin', contentType: 'application/octet-stream' },
];

/** Firmware: every member lists and downloads (no code needed); staff publish and withdraw. */
export const firmwareRows: MatrixRows = {
  'POST /rrp/firmware/list': { request: () => ({ body: {} }), ownerRowsAbsent: 'firmware is published by the platform for every company' },
  'GET /rrp/firmware/download': { request: async (fx) => ({ query: { id: await published(fx) } }) },
  'POST /ops/firmware/list': { request: () => ({ body: {} }) },
  'POST /ops/firmware/upload': { request: () => ({ parts: parts() }) },
  'POST /ops/firmware/delete': { request: async (fx) => ({ body: { id: await published(fx) } }) },
};
