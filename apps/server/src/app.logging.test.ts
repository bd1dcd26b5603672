import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { api, call, DEMO, DEMO_PASSWORD, freshDatabase, login, TEST_CAPTCHA, testConfig, tryLogin } from '../test/helper.js';
import { buildApp } from './app.js';
import { createProvider } from './modules/network/index.js';
import { seedDemo } from './seed/demo.js';

describe('logs', () => {
  it('never contain a token, secret key, password or captcha answer, even at trace level', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
    const config = testConfig({ LOG_LEVEL: 'trace' });
    const database = await freshDatabase();
    await seedDemo(database, config);
    const app = await buildApp({ config, database, logStream, provider: createProvider(database, { simulateFleet: false }) });
    await app.ready();
    const s = await login(app, DEMO.admin, DEMO_PASSWORD);
    await call(app, s, api('/account/query'));
    await call(app, s, api('/account/query'), {}, { mutate: (h) => (h['X-Sign'] = 'f'.repeat(64)) });
    await tryLogin(app, DEMO.admin, 'Wrong#pass99');
    await app.close();
    await database.close();
    const text = lines.join('');
    expect(text).toContain('/account/query');
    for (const secret of [s.token, s.secretKey, DEMO_PASSWORD, 'Wrong#pass99']) expect(text).not.toContain(secret);
    // the captcha answer is four letters that a random request id can hold ("…-abcd-…"): look for it outside the ids
    const withoutIds = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>');
    expect(withoutIds).not.toContain(TEST_CAPTCHA);
  });
});
