import { sql } from 'drizzle-orm';
import { arr } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import { type CommandKind, type ConnectivityProvider, type DeviceRef, finishOperation } from '../network/index.js';
import type { StateChange } from './connector.js';
import { queueCommand } from './sync/commands.js';
import { queueSync } from './sync/queue.js';

type DeviceAccount = Row<'devices', 'id' | 'account_id'> & As<'connectivity_accounts', { kind: 'kind' }>;

const STATE_CHANGE: Partial<Record<CommandKind, StateChange>> = { suspend: 'suspend', unsuspend: 'resume' };

/**
 * The provider the product runs with: each device's commands go to its account's platform — the
 * built-in simulated network (the simulator provider it wraps), or a platform connector through
 * durable jobs (modules/connectivity/sync/commands.ts).
 */
export class AccountRouter implements ConnectivityProvider {
  constructor(
    private readonly database: Database,
    readonly simulator: ConnectivityProvider,
  ) {}

  get fleetRunning(): boolean {
    return this.simulator.fleetRunning ?? false;
  }

  private async accountsOf(ids: string[], tx?: Tx): Promise<Map<string, DeviceAccount>> {
    const rows = await this.database.rows<DeviceAccount>(
      sql`SELECT d.id, d.account_id, a.kind FROM devices d JOIN connectivity_accounts a ON a.id = d.account_id WHERE d.id = ANY(${arr(ids, 'uuid')})`,
      tx,
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Simulated devices attach on the simulated network; a platform's SIMs are found by its next sync, queued now. */
  async activate(devices: DeviceRef[], tx?: Tx): Promise<void> {
    if (devices.length === 0) return;
    const of = await this.accountsOf(
      devices.map((d) => d.id),
      tx,
    );
    const simulated = devices.filter((d) => (of.get(d.id)?.kind ?? 'simulated') === 'simulated');
    await this.simulator.activate(simulated, tx);
    const platforms = new Set(devices.map((d) => of.get(d.id)).flatMap((a) => (a && a.kind !== 'simulated' ? [a.account_id] : [])));
    for (const accountId of platforms) await queueSync(this.database, accountId, tx);
  }

  /** Service ended: on a platform, the SIM is suspended (once per device and day). */
  async deactivate(device: DeviceRef): Promise<void> {
    const a = (await this.accountsOf([device.id])).get(device.id);
    if (!a || a.kind === 'simulated') return this.simulator.deactivate(device);
    const day = new Date().toISOString().slice(0, 10);
    await queueCommand(this.database, {
      accountId: a.account_id,
      deviceId: device.id,
      change: 'suspend',
      key: `expire:${device.id}:${day}`,
      operationId: null,
    });
  }

  async command(device: DeviceRef, kind: CommandKind, operationId: number): Promise<void> {
    const a = (await this.accountsOf([device.id])).get(device.id);
    if (!a || a.kind === 'simulated') return this.simulator.command(device, kind, operationId);
    const change = STATE_CHANGE[kind];
    if (change) return queueCommand(this.database, { accountId: a.account_id, deviceId: device.id, change, key: `op:${operationId}`, operationId });
    await this.database.db.transaction(async (tx) => {
      if (kind === 'sync') {
        // a refresh: the account's next sync reads the SIM again, queued now
        await queueSync(this.database, a.account_id, tx);
        await finishOperation(this.database, tx, operationId, 'done', { result: 'done', platform: a.kind });
      } else await finishOperation(this.database, tx, operationId, 'failed', { result: 'failed', reason: 'platform_unsupported' });
    });
  }

  start(): void {
    this.simulator.start();
  }

  stop(): Promise<void> {
    return this.simulator.stop();
  }
}
