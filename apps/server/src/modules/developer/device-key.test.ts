import { DEVELOPER_LIMITS, DEVICE_PROTOCOL, type TDeviceKey } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDevices } from '../../../test/companies.js';
import { companyIdOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { Narrow, Row } from '../../db/row.js';
import { buildReportCall } from '../network/index.js';

let t: TestApp;
let admin: Session;
let imei: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  const { id } = await companyIdOf(t.database, DEMO.admin);
  imei = '861234500000011';
  await addDevices(t.database, id, [imei]);
});
afterAll(() => t.close());

/** A device report signed with a key: the code the device API answers. */
async function report(key: { keyId: string; secret: string }): Promise<number> {
  const c = await buildReportCall(key, [{ imei, at: new Date().toISOString(), bytes: 10, online: true, signalLevel: 3 }]);
  const res = await t.app.inject({ method: 'POST', url: c.path, headers: c.headers, payload: c.body });
  return res.json().code;
}

const query = async (session = admin): Promise<TDeviceKey> => (await call(t.app, session, api('/developer/deviceKey/query'))).json().obj;

describe('device key', () => {
  it('is created on first need, the same on every query, with its protocol', async () => {
    const first = await query();
    expect(first).toMatchObject({ protocol: DEVICE_PROTOCOL, previous: null });
    expect(first.keyId).toMatch(/^dk_[0-9a-f]{24}$/);
    expect(await query()).toEqual(first);
    expect(await report(first)).toBe(0);
    // a sub-company has its own
    expect((await query(await login(t.app, DEMO.subAdmin))).keyId).not.toBe(first.keyId);
  });

  it('rotates: the new key signs, the old one keeps signing until the grace period ends; audited', async () => {
    const old = await query();
    const res = await call(t.app, admin, api('/developer/deviceKey/rotate'));
    expect(res.json().code).toBe(0);
    const now: TDeviceKey = res.json().obj;
    expect(now.keyId).not.toBe(old.keyId);
    expect(now.secret).not.toBe(old.secret);
    expect(now.previous?.keyId).toBe(old.keyId);
    const graceMs = new Date(now.previous?.validUntil ?? 0).getTime() - Date.now();
    expect(Math.abs(graceMs - DEVELOPER_LIMITS.deviceKeyGraceHours * 3_600_000)).toBeLessThan(60_000);
    expect(await query()).toEqual(now);

    expect(await report(now)).toBe(0);
    expect(await report(old)).toBe(0);
    const [event] = await t.database.rows<Narrow<Row<'audit_events', 'target_id' | 'changes'>, { changes: Record<string, unknown> }>>(
      sql`SELECT target_id, changes FROM audit_events WHERE action = 'developer.deviceKey.rotate' ORDER BY at DESC LIMIT 1`,
    );
    expect(event.target_id).toBe(now.keyId);
    expect(JSON.stringify(event.changes)).not.toContain(old.secret);

    // the grace period over, the old key signs nothing
    await t.database.rows(sql`UPDATE device_keys SET previous_valid_until = now() - interval '1 second' WHERE key_id = ${now.keyId}`);
    expect(await report(old)).toBe(88003);
    expect(await report(now)).toBe(0);
    expect((await query()).previous).toBeNull();
  });
});
