import { LOGIN_LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, DEMO_PASSWORD, type TestApp, tryLogin } from '../../../test/helper.js';
import type { Row } from '../../db/row.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong#pass99';
const codeOf = (r: { json(): { code: number } }) => r.json().code;

describe('sign-in failures count per account, whichever identifier is typed', () => {
  it('locks the phone number once the e-mail has used up the tries, and the other way round', async () => {
    // the sub-company's administrator: e-mail sub-admin@demo.rrp.local, phone 13800000004
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect(codeOf(await tryLogin(t.app, DEMO.subAdmin, WRONG, { ip: `10.20.0.${i}` }))).toBe(29015);
    const byPhone = await tryLogin(t.app, '13800000004', DEMO_PASSWORD, { ip: '10.20.1.1', lang: 'en' });
    expect(byPhone.statusCode).toBe(429);
    expect(byPhone.json()).toMatchObject({ success: false, code: 29002 });
    expect(byPhone.json().msg).toMatch(/^Too many failed sign-ins, try again in (1[0-5]|[1-9]) minutes$/);
    expect(Number(byPhone.headers['retry-after'])).toBeGreaterThan(0);
    // the phone's refused attempt did not count: once the window ends, the account opens
    await t.database.rows(sql`UPDATE rate_limits SET window_ends = now() - interval '1 second' WHERE bucket = 'login-fail:account'`);
    expect((await tryLogin(t.app, '13800000004', DEMO_PASSWORD, { ip: '10.20.1.1' })).json().success).toBe(true);
  });

  it('adds up failures by e-mail and by phone', async () => {
    // the administrator: manager@demo.rrp.local, phone 13800000002
    const identifiers = [DEMO.manager, '13800000002'];
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect(codeOf(await tryLogin(t.app, identifiers[i % 2], WRONG, { ip: `10.21.0.${i}` }))).toBe(29015);
    for (const id of identifiers) expect(codeOf(await tryLogin(t.app, id, DEMO_PASSWORD, { ip: '10.21.1.1' }))).toBe(29002);
    // another account is not affected
    expect((await tryLogin(t.app, DEMO.specialist, DEMO_PASSWORD, { ip: '10.21.1.1' })).json().success).toBe(true);
  });

  it('a right password forgets the account’s failures', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) await tryLogin(t.app, DEMO.specialist, WRONG, { ip: `10.22.0.${i}` });
    expect((await tryLogin(t.app, '13800000003', DEMO_PASSWORD, { ip: '10.22.1.1' })).json().success).toBe(true);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect(codeOf(await tryLogin(t.app, DEMO.specialist, WRONG, { ip: `10.22.2.${i}` }))).toBe(29015);
    expect(codeOf(await tryLogin(t.app, DEMO.specialist, DEMO_PASSWORD, { ip: '10.22.3.1' }))).toBe(29002);
  });

  it('allows exactly the limit to parallel wrong attempts, on one account from many addresses', async () => {
    const n = LOGIN_LIMITS.perAccount * 3;
    const results = await Promise.all(Array.from({ length: n }, (_, i) => tryLogin(t.app, i % 2 ? DEMO.admin : '13800000001', WRONG, { ip: `10.23.0.${i}` })));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 29015)).toHaveLength(LOGIN_LIMITS.perAccount);
    expect(codes.filter((c) => c === 29002)).toHaveLength(n - LOGIN_LIMITS.perAccount);
    expect(codeOf(await tryLogin(t.app, DEMO.admin, DEMO_PASSWORD, { ip: '10.23.1.1' }))).toBe(29002);
    const [row] = await t.database.rows<Row<'rate_limits', 'hits'>>(sql`
      SELECT r.hits FROM rate_limits r JOIN users u ON r.subject = 'user:' || u.id WHERE r.bucket = 'login-fail:account' AND u.email = ${DEMO.admin}`);
    expect(row.hits).toBe(LOGIN_LIMITS.perAccount);
  });

  it('allows exactly the limit to parallel wrong attempts from one address', async () => {
    const n = LOGIN_LIMITS.perAddress + 10;
    const results = await Promise.all(Array.from({ length: n }, (_, i) => tryLogin(t.app, `nobody${i}@example.com`, WRONG, { ip: '10.24.0.1' })));
    const codes = results.map(codeOf);
    expect(codes.filter((c) => c === 29015)).toHaveLength(LOGIN_LIMITS.perAddress);
    expect(codes.filter((c) => c === 29002)).toHaveLength(10);
  });
});

describe('an identifier no account has behaves like one that has', () => {
  it('answers each attempt alike, and locks alike', async () => {
    const pairs: [string, string][] = [
      ['13800000005', 'nobody-here@demo.rrp.local'],
      ['13900000000', 'sub-admin@demo.rrp.local'],
    ];
    // the first pair: two unknowns; the second: an unknown phone and a known e-mail (unlocked by now)
    await t.database.rows(sql`DELETE FROM rate_limits WHERE bucket = 'login-fail:account'`);
    for (const [unknown, other] of pairs) {
      for (let i = 0; i <= LOGIN_LIMITS.perAccount; i++) {
        const a = await tryLogin(t.app, unknown, WRONG, { ip: `10.25.${i}.1`, lang: 'en' });
        const b = await tryLogin(t.app, other, WRONG, { ip: `10.25.${i}.2`, lang: 'en' });
        expect(a.statusCode).toBe(b.statusCode);
        expect(a.json()).toEqual(b.json());
        expect(a.headers['retry-after'] === undefined).toBe(b.headers['retry-after'] === undefined);
      }
    }
  });

  it('costs the same work: a password hash is checked either way', async () => {
    const time = async (account: string, i: number) => {
      const t0 = performance.now();
      const r = await tryLogin(t.app, account, WRONG, { ip: `10.26.${i}.1` });
      expect(codeOf(r)).toBe(29015);
      return performance.now() - t0;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    await t.database.rows(sql`DELETE FROM rate_limits WHERE bucket LIKE 'login-fail:%'`);
    for (let i = 0; i < 8; i++) {
      // alternate, and stay under the account limit: the counters are cleared every 4 rounds
      if (i % 4 === 0) await t.database.rows(sql`DELETE FROM rate_limits WHERE bucket LIKE 'login-fail:%'`);
      known.push(await time(DEMO.specialist, i));
      unknown.push(await time(`ghost${i}@demo.rrp.local`, i));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
