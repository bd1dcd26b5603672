import { sql } from 'drizzle-orm';
import { arr } from '../../../db/arrays.js';
import type { Database, Tx } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { writeReports } from '../../ingestion/index.js';
import type { CommandKind, ConnectivityProvider, DeviceRef } from '../provider.js';
import { seedAtCards } from './at.js';
import type { CommandJob } from './commands.js';
import { seedEuiccs } from './esim.js';
import { FAILURE_REASONS } from './operation.js';
import { between, COMMAND_DELAY_MS, SIM_TIMING } from './timing.js';
import { eidFor, iccidFor, profileOf, signalNow } from './world.js';

export type SimulatorOptions = {
  /** the fleet reports from this process once start() is called */
  simulateFleet: boolean;
  /** share of commands that fail (default 2 %) */
  failureRate?: number;
  rand?: () => number;
};

export type AttachJob = { deviceIds: string[] };

/** A device the attach job brought up, with the network operator (name) it attached to and its status. */
export type AttachedDevice = { id: string; imei: string; region: string; status: string; networkOperator: string };

const ATTACH_CHUNK = 1_000;

/**
 * The simulated mobile network and device fleet. Everything that completes later is a row in
 * the jobs table (commands, devices coming online), so it survives a restart and runs once
 * across processes. The fleet's reports come from the periodic job `network.fleet.tick`, which
 * does its work only in a process whose simulator was started with the fleet on.
 */
export class SimulatorProvider implements ConnectivityProvider {
  private fleetOn = false;
  readonly failureRate: number;
  private readonly rand: () => number;

  constructor(
    private readonly database: Database,
    private readonly opts: SimulatorOptions,
  ) {
    this.failureRate = opts.failureRate ?? SIM_TIMING.failureRate;
    this.rand = opts.rand ?? Math.random;
  }

  /** Whether this process's fleet is reporting. */
  get fleetRunning(): boolean {
    return this.fleetOn;
  }

  /**
   * Provisioning is asynchronous, as on a real network: the import only queues it, and the
   * `network.attach` job a few seconds later gives each device its profile and brings it online.
   */
  async activate(devices: DeviceRef[], tx?: Tx): Promise<void> {
    if (devices.length === 0) return;
    for (let i = 0; i < devices.length; i += ATTACH_CHUNK) {
      const job: AttachJob = { deviceIds: devices.slice(i, i + ATTACH_CHUNK).map((d) => d.id) };
      const delay = between(SIM_TIMING.attachMs, this.rand);
      await this.database.rows(
        sql`INSERT INTO jobs (name, payload, run_at, max_attempts)
            VALUES ('network.attach', ${JSON.stringify(job)}::jsonb, now() + ${`${delay} milliseconds`}::interval, 5)`,
        tx,
      );
    }
  }

  async deactivate(device: DeviceRef): Promise<void> {
    // an online device going offline is a status event (the stability report's offline episodes)
    await this.database.rows(
      sql`WITH upd AS (
            UPDATE devices d SET online = false, signal_level = 0 FROM devices was
            WHERE d.id = ${device.id} AND was.id = d.id RETURNING d.id, d.company_id, was.online AS was_online)
          INSERT INTO device_status_events (device_id, company_id, at, online) SELECT id, company_id, now(), false FROM upd WHERE was_online`,
    );
  }

  async command(device: DeviceRef, kind: CommandKind, operationId: number): Promise<void> {
    const fail = this.rand() < this.failureRate ? FAILURE_REASONS[Math.floor(this.rand() * FAILURE_REASONS.length)] : null;
    const job: CommandJob = { deviceId: device.id, kind, operationId, fail };
    const delay = between(COMMAND_DELAY_MS[kind], this.rand);
    await this.database.rows(
      sql`INSERT INTO jobs (name, payload, run_at, max_attempts, unique_key)
          VALUES ('network.command', ${JSON.stringify(job)}::jsonb, now() + ${`${delay} milliseconds`}::interval, 5, ${`network.command:${operationId}`})
          ON CONFLICT DO NOTHING`,
    );
  }

  start(): void {
    this.fleetOn = this.opts.simulateFleet;
  }

  async stop(): Promise<void> {
    this.fleetOn = false;
  }
}

/** Brings just-activated devices online: their first report, through the usual ingestion. */
export async function attachDevices(database: Database, job: AttachJob, rand: () => number = Math.random): Promise<void> {
  if (job.deviceIds.length === 0) return;
  const rows = await database.rows<Row<'devices', 'id' | 'imei' | 'region' | 'status'>>(
    sql`SELECT id, imei, region, status FROM devices
        WHERE id = ANY(${arr(job.deviceIds, 'uuid')}) AND status IN ('physical_card', 'esim', 'seed_card') AND NOT suspended`,
  );
  if (rows.length === 0) return;
  const profiles = rows.map((d) => profileOf(d.imei, d.region));
  await database.db.transaction(async (tx) => {
    // the device's network profile: ICCID, EID, network operator by region, network type, area, real-name status
    await database.rows(
      sql`UPDATE devices d SET iccid = coalesce(d.iccid, v.iccid), eid = coalesce(d.eid, v.eid), network_operator = v.network_operator, network_type = v.network_type,
            area = v.area, real_name = CASE WHEN d.real_name = 'not_real_name' THEN v.real_name ELSE d.real_name END,
            activated_at = coalesce(d.activated_at, now()), updated_at = now()
          FROM unnest(${arr(
            rows.map((d) => d.id),
            'uuid',
          )}, ${arr(
            rows.map((d, j) => iccidFor(d.imei, d.region, profiles[j].networkOperator)),
            'text',
          )}, ${arr(
            rows.map((d) => eidFor(d.imei)),
            'text',
          )}, ${arr(
            profiles.map((p) => p.networkOperator),
            'text',
          )}, ${arr(
            profiles.map((p) => p.networkType),
            'text',
          )}, ${arr(
            profiles.map((p) => p.area),
            'text',
          )}, ${arr(
            profiles.map((p) => p.realName),
            'text',
          )}) AS v(id, iccid, eid, network_operator, network_type, area, real_name)
          WHERE d.id = v.id`,
      tx,
    );
    const attached: AttachedDevice[] = rows.map((d, j) => ({ ...d, networkOperator: profiles[j].networkOperator }));
    await seedEuiccs(database, tx, attached);
    await seedAtCards(database, tx, attached);
    const at = new Date();
    await writeReports(
      database,
      rows.map((d, j) => {
        const p = profiles[j];
        return {
          deviceId: d.id,
          at,
          bytes: Math.round(p.bytesPerReport * 0.1),
          online: true,
          signalLevel: signalNow(p, rand),
          networkOperator: p.networkOperator,
          networkType: p.networkType,
          area: p.area,
        };
      }),
      tx,
    );
  });
}
