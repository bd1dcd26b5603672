import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../../test/companies.js';
import { type Part, signedUpload } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';

let t: TestApp;
let staff: Session;
let admin: Session;

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { id?: string } };
const upload = (parts: Part[], lang = 'en') => signedUpload(t.app, staff, '/api/v1/ops/firmware/upload', parts, lang).then((r) => r.json() as Envelope);
const fields = (version: string, file: Part | null = { name: 'file', value: Buffer.from('\x7fELF firmware image'), filename: 'ec200u.bin' }): Part[] => [
  { name: 'version', value: version },
  { name: 'moduleModel', value: 'EC200U' },
  { name: 'releaseNotes', value: 'Faster network registration' },
  ...(file ? [file] : []),
];
const list = (s: Session, body: unknown = {}) =>
  call(t.app, s, s === staff ? '/api/v1/ops/firmware/list' : api('/firmware/list'), body).then((r) => r.json().obj as Record<string, unknown>[]);

beforeAll(async () => {
  t = await buildTestApp();
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  admin = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

describe('firmware', () => {
  it('publishes a file with its checksum, lists it to members and counts each download', async () => {
    const bytes = Buffer.from('\x7fELF firmware image v1.2.3');
    const res = await upload(fields('1.2.3', { name: 'file', value: bytes, filename: 'ec200u-1.2.3.bin' }));
    expect(res.code).toBe(0);
    expect(res.obj).toMatchObject({ version: '1.2.3', moduleModel: 'EC200U', size: bytes.length, downloads: 0, fileName: 'ec200u-1.2.3.bin' });
    expect(res.obj.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await auditOf(t.database, 'firmware.publish')).some((e) => e.target_id === res.obj.id)).toBe(true);

    const seen = await list(admin, { moduleModel: 'EC200U' });
    expect(seen.map((f) => f.id)).toContain(res.obj.id);
    for (let i = 0; i < 2; i++) {
      const dl = await call(t.app, admin, `${api('/firmware/download')}?id=${res.obj.id}`, undefined, { method: 'GET' });
      expect(dl.statusCode).toBe(200);
      expect(dl.rawPayload.equals(bytes)).toBe(true);
      expect(dl.headers['content-disposition']).toContain('ec200u-1.2.3.bin');
    }
    const after = (await list(admin)).find((f) => f.id === res.obj.id);
    expect(after?.downloads).toBe(2);
  });

  it('refuses a second file of the same module and version, a wrong type, an empty file and a bad version, naming the field', async () => {
    expect((await upload(fields('3.0.0'))).code).toBe(0);
    const dup = await upload(fields('3.0.0'));
    expect(dup.code).toBe(39002);
    const exe = await upload(fields('3.0.1', { name: 'file', value: Buffer.from('MZ'), filename: 'setup.exe' }));
    expect(exe.code).toBe(39003);
    expect(exe.msg).toMatch(/\.bin/);
    const none = await upload(fields('3.0.2', null));
    expect(none.code).toBe(39003);
    const bad = await upload(fields('3.0 beta'));
    expect(bad.code).toBe(28002);
    expect(bad.msg).toMatch(/version/);
    const versions = (await list(staff)).map((f) => f.version);
    expect(versions.filter((v) => v === '3.0.0')).toHaveLength(1);
    expect(versions).not.toContain('3.0.1');
  });

  it('withdraws a file: members no longer list or download it, and a second withdrawal is refused', async () => {
    const res = await upload(fields('4.0.0'));
    const id = res.obj.id as string;
    const del = await call(t.app, staff, '/api/v1/ops/firmware/delete', { id }).then((r) => r.json() as Envelope);
    expect(del.code).toBe(0);
    expect((await list(admin)).map((f) => f.id)).not.toContain(id);
    const dl = await call(t.app, admin, `${api('/firmware/download')}?id=${id}`, undefined, { method: 'GET' });
    expect(dl.json().code).toBe(39001);
    const again = await call(t.app, staff, '/api/v1/ops/firmware/delete', { id }).then((r) => r.json() as Envelope);
    expect(again.code).toBe(39001);
    expect((await auditOf(t.database, 'firmware.withdraw')).some((e) => e.target_id === id)).toBe(true);
  });

  it('finds files by keyword in the version, model or file name', async () => {
    await upload(fields('5.1.0', { name: 'file', value: Buffer.from('x'), filename: 'special-build.zip' }));
    const hits = await list(admin, { keyword: 'special' });
    expect(hits.map((f) => f.fileName)).toEqual(['special-build.zip']);
    expect(await list(admin, { keyword: 'nothing-like-this' })).toEqual([]);
  });
});
