import type { AddressInfo } from 'node:net';
import { DEVICE_REPORT_PATH, signRequest } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedCompany, seedDevice } from '../../../test/network-seed.js';
import type { Row } from '../../db/row.js';
import { getOrCreateDeviceKey } from '../devicekeys/index.js';
import { buildReportCall } from './report-client.js';
import { parseCli, runSimulation } from './simulate-cli.js';
import { imeiRange, nextReport, type SimDevice } from './simulate-report.js';
import { profileOf } from './simulator/world.js';

describe('simulator CLI: report builder', () => {
  it('signs a batch exactly like a console call, with the device key id as X-Token', async () => {
    const key = { keyId: 'dk_0123456789abcdef01234567', secret: 's3cr3t' };
    const reports = [{ imei: '860000000000001', at: '2026-11-21T00:00:00.000Z', bytes: 42, online: true }];
    const call = await buildReportCall(key, reports, { timestamp: 1763712000000, requestId: '0b9a1459-0000-4000-8000-000000000003' });
    expect(call.path).toBe(DEVICE_REPORT_PATH);
    expect(call.body).toBe(JSON.stringify({ reports }));
    expect(call.headers['X-Token']).toBe(key.keyId);
    expect(call.headers['X-Timestamp']).toBe('1763712000000');
    const expected = await signRequest({
      secretKey: 's3cr3t',
      token: key.keyId,
      method: 'POST',
      url: DEVICE_REPORT_PATH,
      body: call.body,
      timestamp: 1763712000000,
      requestId: '0b9a1459-0000-4000-8000-000000000003',
    });
    expect(call.headers['X-Sign']).toBe(expected);
    const other = await buildReportCall({ ...key, secret: 'other' }, reports, { timestamp: 1763712000000, requestId: '0b9a1459-0000-4000-8000-000000000003' });
    expect(other.headers['X-Sign']).not.toBe(expected);
  });

  it('reproduces the signed example of docs/network.md', async () => {
    const reports = [
      {
        imei: '860000000000001',
        at: '2025-11-21T09:59:30.000Z',
        bytes: 48213,
        online: true,
        signalLevel: 4,
        networkOperator: 'China Mobile',
        networkType: '4G',
        area: 'Shanghai',
      },
    ];
    const call = await buildReportCall({ keyId: 'dk_0123456789abcdef01234567', secret: 's3cr3t' }, reports, {
      timestamp: 1763719200000,
      requestId: '0b9a1459-0000-4000-8000-000000000010',
    });
    expect(call.headers['X-Sign']).toBe('17f79bcfe936808ff4c5b7a5c6c99f796a09c47e854e96f3327c4aecefbfaa24');
  });

  it('builds reports with per-device character and moves the device on', () => {
    const d: SimDevice = {
      imei: '860000000000009',
      region: 'china_mainland',
      profile: profileOf('860000000000009', 'china_mainland'),
      online: true,
      lastAt: 0,
      nextAt: 0,
    };
    const r = nextReport(d, 60_000, () => 0.5);
    expect(r).toMatchObject({ imei: d.imei, online: true, networkOperator: d.profile.networkOperator, networkType: d.profile.networkType });
    expect(r.bytes).toBeGreaterThan(0);
    expect(d.lastAt).toBe(60_000);
    expect(imeiRange('860000000000998', 3)).toEqual(['860000000000998', '860000000000999', '860000000001000']);
    expect(r.probes).toBeUndefined();
    // --probe: each report measures the link to the domains, a reserved name is never reached
    const p = nextReport(d, 120_000, Math.random, ['www.baidu.com', 'printer.local']);
    expect(p.probes?.map((x) => x.domain)).toEqual(['www.baidu.com', 'printer.local']);
    expect(p.probes?.[1]).toMatchObject({ reachable: false, packetLoss: 100, delay: null });
  });

  it('parses its options and refuses incomplete ones', async () => {
    const o = await parseCli(['--devices', '3', '--key-id', 'dk_x', '--secret', 's', '--imei-start', '860000000000000', '--every', '30'], {});
    expect(o?.imeis.map((i) => i.imei)).toEqual(['860000000000000', '860000000000001', '860000000000002']);
    expect(o?.everyMs).toBe(30_000);
    expect(o?.probeDomains).toEqual([]);
    const withProbe = await parseCli(['--key-id', 'dk_x', '--secret', 's', '--imeis', '860000000000000', '--probe', 'WWW.Baidu.com, 8.8.8.8'], {});
    expect(withProbe?.probeDomains).toEqual(['www.baidu.com', '8.8.8.8']);
    await expect(parseCli(['--devices', '3'], {})).rejects.toThrow(/--key-id/);
    await expect(parseCli(['--key-id', 'dk_x', '--imeis', '1'], {})).rejects.toThrow(/together/);
  });
});

describe('simulator CLI against a running server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('drives devices over HTTP with signed batched reports', async () => {
    const companyId = await seedCompany(t.database);
    const key = await getOrCreateDeviceKey(t.database, companyId);
    const devices = [await seedDevice(t.database, companyId), await seedDevice(t.database, companyId)];
    const o = await parseCli(
      ['--url', url, '--key-id', key.keyId, `--secret=${key.secret}`, '--imeis', `${devices[0].imei},${devices[1].imei},869999999999999`, '--once'],
      {},
    );
    const totals = await runSimulation(o!);
    expect(totals).toMatchObject({ calls: 1, accepted: 2, refused: 1, failed: 0, reasons: { unknown_imei: 1 } });
  });

  it('backfills the days the devices buffered, every 10 minutes, inside the API window', async () => {
    const companyId = await seedCompany(t.database);
    const key = await getOrCreateDeviceKey(t.database, companyId);
    const device = await seedDevice(t.database, companyId);
    await expect(parseCli(['--key-id', 'k', '--secret=s', '--imeis', device.imei, '--backfill', '7'], {})).rejects.toThrow(/1 to 6/);
    const o = await parseCli(['--url', url, '--key-id', key.keyId, `--secret=${key.secret}`, '--imeis', device.imei, '--backfill', '2', '--once'], {});
    const totals = await runSimulation(o!);
    // 2 days of 10-minute steps less the 10-minute margin, then the one live report
    expect(totals).toMatchObject({ accepted: 2 * 144 - 1 + 1, refused: 0, failed: 0 });
    const reports = await t.database.rows<Row<'device_reports', 'reported_at'>>(
      sql`SELECT r.reported_at FROM device_reports r JOIN devices d ON d.id = r.device_id WHERE d.imei = ${device.imei}`,
    );
    expect(reports.length).toBe(2 * 144);
    // the UTC days they span
    expect(new Set(reports.map((r) => new Date(r.reported_at).toISOString().slice(0, 10))).size).toBeGreaterThanOrEqual(2);
  });
});

describe('simulator CLI: key from an embedded data directory', () => {
  it('prints the key and writes the active IMEIs with --print-key --data-dir, and refuses a directory in use', async () => {
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openPglite } = await import('../../db/client.js');
    const dir = mkdtempSync(join(tmpdir(), 'rrp-sim-'));
    const db = await openPglite(join(dir, 'pglite'));
    const companyId = await seedCompany(db);
    const d = await seedDevice(db, companyId);
    await seedDevice(db, companyId, { status: 'in_stock' });
    await db.close();
    const out = join(dir, 'imeis.txt');
    const log: string[] = [];
    const orig = console.log;
    console.log = (m: string) => void log.push(m);
    try {
      expect(await parseCli(['--print-key', '--data-dir', dir, '--imei-out', out], {})).toBeNull();
    } finally {
      console.log = orig;
    }
    expect(log[0]).toMatch(/^--key-id dk_[0-9a-f]{24} --secret=\S+ --imei-file /);
    // the printed options work as printed, whatever the secret begins with
    const printed = log[0].split('   ')[0].split(' ');
    const parsed = await parseCli(['--url', 'http://127.0.0.1:1', ...printed, '--once'], {});
    expect(parsed?.key.keyId).toMatch(/^dk_/);
    expect(readFileSync(out, 'utf8')).toBe(`${d.imei}\n`);
    // a running server (another live process) holds the directory
    writeFileSync(join(dir, 'rrp.lock'), String(process.ppid));
    await expect(parseCli(['--print-key', '--data-dir', dir], {})).rejects.toThrow(/in use/);
  });
});
