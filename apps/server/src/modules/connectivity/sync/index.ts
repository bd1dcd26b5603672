export { type AccountRow, BREAKER_THRESHOLD, loadAccount, markFailed, markReachable, type SyncCursor } from './account.js';
export { COMMAND_JOB, type CommandJob, type PlatformFailure, queueCommand } from './commands.js';
export { importPlatformSims, type PlatformImportRefusal } from './import.js';
export { SYNC_ACTOR, syncInventory } from './inventory.js';
export { connectivityJobs, queueDueSyncs, SYNC_EVERY_MS } from './jobs.js';
export { LEASE_MS, releaseLease, takeLease } from './lease.js';
export { queueSync, SYNC_JOB } from './queue.js';
export { type OpenConnector, runSync, type SyncDeps, type SyncOutcome } from './run.js';
export { monthOf, pullUsage, usageDelta } from './usage.js';
