import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, DEMO, login, type Session } from '../../test/helper.js';
import { type ProbeApp, probeApp } from '../../test/probe-app.js';
import { isInputFault, isUniqueViolation, sqlStateOf } from './db-errors.js';

/** Queries a value that slipped past a schema could make fail, each with the SQLSTATE it raises. */
const INPUT_FAULTS = {
  '22P02': () => sql`SELECT ${'not-a-uuid'}::uuid`,
  '22021': () => sql`SELECT ${'a\u0000b'}::text`,
  // an assignment to a column or variable too short for the value
  '22001': () => sql.raw(`DO $$ DECLARE v varchar(3); BEGIN v := 'too long'; END $$`),
  '22003': () => sql`SELECT ${'99999999999'}::int`,
  '22007': () => sql`SELECT ${'someday'}::timestamptz`,
  '22008': () => sql`SELECT ${'2026-02-30 10:00:00+00'}::timestamptz`,
};
const CODE_FAULTS = {
  '42P01': () => sql`SELECT * FROM no_such_table`,
  '23502': () => sql`INSERT INTO device_groups (company_id, name) VALUES (NULL, 'x')`,
};

let p: ProbeApp;
let s: Session;
beforeAll(async () => {
  p = await probeApp({ ...INPUT_FAULTS, ...CODE_FAULTS });
  s = await login(p.app, DEMO.admin);
});
afterAll(() => p.close());

const send = (fault: string, lang = 'zh-CN') =>
  call(p.app, s, api('/feedback/add'), { feedback: fault }, { lang }).then((r) => ({ status: r.statusCode, code: r.json().code, msg: r.json().msg }));

describe('a database error a request value caused', () => {
  it.each(Object.keys(INPUT_FAULTS))('%s answers 28002 in both languages, with a log line', async (state) => {
    p.lines.length = 0;
    expect(await send(state)).toEqual({ status: 400, code: 28002, msg: '请求参数不合法' });
    expect(await send(state, 'en')).toEqual({ status: 400, code: 28002, msg: 'Request parameter invalid' });
    const logged = p.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'database refused a request value: answered 28002');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ level: 40, sqlState: state });
  });

  it('counts a value too large for an index (54000) as the input’s fault too', () => {
    expect(isInputFault('54000')).toBe(true);
    expect(sqlStateOf(new Error('no database here'))).toBeNull();
  });

  it.each(Object.keys(CODE_FAULTS))('a fault of the code (%s) stays a 500, logged as an error', async (state) => {
    p.lines.length = 0;
    expect(await send(state)).toMatchObject({ status: 500, code: 10001 });
    const logged = p.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'unhandled error');
    expect(logged).toHaveLength(1);
    expect(sqlStateOf({ cause: { code: state, severity: 'ERROR' } })).toBe(state);
    expect(isInputFault(state)).toBe(false);
  });
});

describe('a unique violation', () => {
  it('is found through the wrapping error, by the index it names, on this database', async () => {
    await p.database.rows(sql.raw('CREATE TABLE probe_unique (v text, CONSTRAINT probe_unique_v_uq UNIQUE (v))'));
    await p.database.rows(sql`INSERT INTO probe_unique (v) VALUES ('a')`);
    const err = await p.database.rows(sql`INSERT INTO probe_unique (v) VALUES ('a')`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'probe_unique_v_uq')).toBe(true);
    expect(isUniqueViolation(err, 'users_email_uq')).toBe(false);
    const other = await p.database.rows(sql`SELECT ${'x'}::uuid`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(other)).toBe(false);
  });
});
