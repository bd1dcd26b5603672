import type { Database, Tx } from '../../../db/client.js';
import { type CommandJob, type CommandRow, finish } from './commands.js';
import type { AttachedDevice } from './provider.js';

/** Completes a pending esim command (stub: fails until implemented). */
export async function completeEsimCommand(database: Database, tx: Tx, job: CommandJob, _row: CommandRow, _rand: () => number): Promise<void> {
  await finish(database, tx, job.operationId, 'failed', { result: 'failed', reason: 'device_busy' });
}

/** Gives just-attached devices the eUICC profiles (stub until implemented). */
export async function seedEuiccs(_database: Database, _tx: Tx, _devices: AttachedDevice[]): Promise<void> {}
