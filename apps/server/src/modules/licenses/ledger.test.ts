import type { TLicenseLedgerRow } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../../test/companies.js';
import { companyIdOf, stock as stockOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import { placeOrder } from '../../../test/orders.js';
import type { Count, Row } from '../../db/row.js';

let t: TestApp;
let admin: Session;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  demoId = (await companyIdOf(t.database, DEMO.admin)).id;
});
afterAll(() => t.close());

const obj = async (path: string, body: unknown = {}, s = admin) => (await call(t.app, s, api(path), body)).json();

describe('License ledger', () => {
  it('lists the paying company’s history newest first, with the true balance after each change, filtered by type', async () => {
    await t.database.rows(sql`INSERT INTO license_ledger (company_id, delta, reason, ref) VALUES (${demoId}, 7, 'purchase', 'R20261126000000000001')`);
    const stock = await stockOf(t.database, demoId);
    const page = (await obj('/license/ledger/list', { pageSize: 5 })).obj;
    expect(page.list[0]).toMatchObject({ delta: 7, reason: 'purchase', orderNo: 'R20261126000000000001', balance: stock });
    for (let i = 1; i < page.list.length; i++) expect(page.list[i - 1].balance - page.list[i - 1].delta).toBe(page.list[i].balance);
    const purchases = (await obj('/license/ledger/list', { reason: 'purchase' })).obj;
    expect(purchases.list.every((r: { reason: string }) => r.reason === 'purchase')).toBe(true);
    expect(purchases.list[0].balance).toBe(stock);
  });

  it('the sub-company billed by its parent reads the parent’s ledger', async () => {
    const sub = await login(t.app, DEMO.subAdmin);
    const mine = (await obj('/license/ledger/list', {})).obj;
    const theirs = (await obj('/license/ledger/list', {}, sub)).obj;
    expect(theirs.total).toBe(mine.total);
  });

  it('names a device, member or order of the ledger only to a caller whose scope holds it', async () => {
    const sub = await login(t.app, DEMO.subAdmin);
    const subId = (await companyIdOf(t.database, DEMO.subAdmin)).id;
    const [device] = await t.database.rows<Row<'devices', 'id' | 'imei'>>(sql`
      INSERT INTO devices (company_id, imei, name, region, status, online) VALUES (${demoId}, '866000000000301', '总部设备', 'europe', 'physical_card', true)
      RETURNING id, imei`);
    const [member] = await t.database.rows<Row<'users', 'id' | 'name'>>(sql`SELECT id, name FROM users WHERE company_id = ${demoId} LIMIT 1`);
    const order = await placeOrder(t, admin, { productType: 0, quantity: 1, payMethod: 'wechat' });
    await t.database.rows(sql`INSERT INTO license_ledger (company_id, delta, reason, ref, device_id, user_id)
      VALUES (${demoId}, -1, 'import', null, ${device.id}, ${member.id}), (${demoId}, 1, 'purchase', ${order.orderNo}, null, ${member.id})`);
    const [mine, theirs] = [(await obj('/license/ledger/list', { pageSize: 2 })).obj, (await obj('/license/ledger/list', { pageSize: 2 }, sub)).obj];
    expect(mine.list.map((r: TLicenseLedgerRow) => [r.imei, r.userName, r.orderNo])).toEqual([
      [null, member.name, order.orderNo],
      [device.imei, member.name, null],
    ]);
    expect(subId).not.toBe(demoId);
    expect(theirs.list.map((r: TLicenseLedgerRow) => [r.imei, r.userName, r.orderNo, r.balance])).toEqual(
      mine.list.map((r: TLicenseLedgerRow) => [null, null, null, r.balance]),
    );
  });
});

describe('expiring devices and bulk auto-renewal', () => {
  it('lists devices expiring within 30 days soonest first, and switches auto-renewal for listed IMEIs or all, audited once', async () => {
    const imeis = ['866000000000101', '866000000000102', '866000000000103'];
    for (const [i, imei] of imeis.entries())
      await t.database.rows(sql`INSERT INTO devices (company_id, imei, name, region, status, online, auto_renew, license_expires_at)
        VALUES (${demoId}, ${imei}, ${`到期${i}`}, 'europe', 'physical_card', true, false, now() + ${`${3 + i} days`}::interval)`);
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, name, region, status, online, license_expires_at)
      VALUES (${demoId}, '866000000000199', '远期', 'europe', 'physical_card', true, now() + interval '90 days')`);
    const list = (await obj('/license/expiring/list', { pageSize: 100 })).obj;
    const ours = list.list.filter((d: { imei: string }) => imeis.includes(d.imei));
    expect(ours.map((d: { imei: string }) => d.imei)).toEqual(imeis);
    expect(list.list.some((d: { imei: string }) => d.imei === '866000000000199')).toBe(false);

    expect((await obj('/license/autoRenew/update', { imeis: imeis.slice(0, 2), autoRenew: true })).obj).toEqual({ updated: 2 });
    expect((await obj('/license/autoRenew/update', { imeis: imeis.slice(0, 2), autoRenew: true })).obj).toEqual({ updated: 0 });
    const refused = await obj('/license/autoRenew/update', { imeis: [imeis[2], '866999999999999'], autoRenew: true });
    expect(refused.code).toBe(23009);
    const [{ n }] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM devices WHERE imei = ${imeis[2]} AND auto_renew`);
    expect(n).toBe(0);
    expect((await obj('/license/autoRenew/update', { imeis: [], autoRenew: true })).code).toBe(28002);
    expect((await obj('/license/autoRenew/update', { imeis, all: true, autoRenew: true })).code).toBe(28002);

    const all = (await obj('/license/autoRenew/update', { all: true, autoRenew: false })).obj;
    const [{ n: on }] = await t.database.rows<Count>(
      sql`SELECT count(*)::int AS n FROM devices WHERE auto_renew AND company_id IN (SELECT id FROM companies WHERE path LIKE (SELECT path FROM companies WHERE id = ${demoId}) || '%')`,
    );
    expect(on).toBe(0);
    expect(all.updated).toBeGreaterThanOrEqual(2);
    expect((await auditOf(t.database, 'license.autoRenew')).length).toBe(3);
  });
});
