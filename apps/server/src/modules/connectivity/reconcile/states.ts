import type { ProviderKind } from '@rrp/contracts';
import { STATUS_STATES as CISCO_STATUS_STATES } from '../cisco/index.js';
import type { SimState } from '../connector.js';
import { ONELINK_STATUS } from '../onelink/index.js';

/**
 * How each platform spells a SIM's status, read as our states: the connectors' own tables
 * (cisco/statuses.ts, onelink/status-map.ts). The sync stores the reading in platform_sims.state.
 */
export const PLATFORM_STATUS_STATES: Record<Exclude<ProviderKind, 'simulated'>, Readonly<Record<string, SimState>>> = {
  cisco_cc: CISCO_STATUS_STATES,
  onelink: Object.fromEntries(Object.entries(ONELINK_STATUS).map(([status, { state }]) => [status, state])),
};

/** Whether a device whose SIM is in this platform state should be suspended in the product; null: the state says nothing about it. */
export function suspendedFor(state: string | null | undefined): boolean | null {
  if (state === 'active') return false;
  if (state === 'suspended' || state === 'deactivated' || state === 'retired') return true;
  return null;
}
