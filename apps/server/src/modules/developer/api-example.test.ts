import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { signRequest } from '@rrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDevices } from '../../../test/companies.js';
import { companyIdOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type TestApp } from '../../../test/helper.js';

// docs/api.md points integrators at this script: it must keep working against the real server
const SCRIPT = resolve(import.meta.dirname, '../../../../../scripts/api-example.mjs');
const run = promisify(execFile);

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  await addDevices(t.database, (await companyIdOf(t.database, DEMO.admin)).id, ['861234500000045']);
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('scripts/api-example.mjs', () => {
  it('signs exactly like the contract', async () => {
    const { sign } = await import(SCRIPT);
    const p = { keyId: 'ak_0123456789abcdef01234567', secret: 's3cr3t', timestamp: 1763712000000, requestId: '0b9a1459-0000-4000-8000-000000000002' };
    const headers = sign({ ...p, method: 'GET', path: '/api/v1/rrp/device/export?b=2&a=1' });
    const expected = await signRequest({ secretKey: p.secret, token: p.keyId, method: 'GET', url: '/api/v1/rrp/device/export?b=2&a=1', body: '', ...p });
    expect(headers['X-Sign']).toBe(expected);
  });

  it('lists the devices with an API key against a listening server', async () => {
    const admin = await login(t.app, DEMO.admin);
    const key = (await call(t.app, admin, api('/developer/apiKey/add'), { name: 'example', permissions: ['DEVICE_LIST'] })).json().obj;
    const { stdout } = await run(process.execPath, [SCRIPT], { env: { ...process.env, RRP_URL: url, RRP_KEY_ID: key.keyId, RRP_KEY_SECRET: key.secret } });
    expect(stdout).toMatch(/^\d+ devices\n/);
    expect(stdout.split('\n')[1]).toMatch(/^\d{15}\t(online|offline)\t/);
  });
});
