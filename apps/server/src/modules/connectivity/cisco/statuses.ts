import type { SimState, StateChange } from '../connector.js';

/**
 * Control Center's SIM status values and our reading of them (docs/connectors/cisco-control-center.md).
 * Control Center has no "suspended" value: DEACTIVATED is the reversible stop (no traffic, the SIM
 * stays in the account and can be ACTIVATED again), RETIRED ends the SIM's service, and PURGED and
 * REPLACED SIMs are gone from use for good.
 */
export const STATUS_STATES: Readonly<Record<string, SimState>> = {
  ACTIVATED: 'active',
  DEACTIVATED: 'suspended',
  ACTIVATION_READY: 'ready',
  TEST_READY: 'ready',
  INVENTORY: 'inventory',
  RETIRED: 'deactivated',
  PURGED: 'retired',
  REPLACED: 'retired',
};

/** The status a state change asks Control Center for. */
export const CHANGE_STATUS: Readonly<Record<StateChange, string>> = {
  suspend: 'DEACTIVATED',
  resume: 'ACTIVATED',
  deactivate: 'RETIRED',
};

/** Our state of a status value; null for a value Control Center does not document. */
export const stateOf = (status: string): SimState | null => STATUS_STATES[status] ?? null;
