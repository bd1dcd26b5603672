import type { ProviderKind } from '@rrp/contracts';
import type { SimState } from '../connector.js';

/**
 * How each platform spells a SIM's status, read as our states (docs/connectors.md). A status
 * missing here is not compared with the product's state.
 */
export const PLATFORM_STATUS_STATES: Record<Exclude<ProviderKind, 'simulated'>, Record<string, SimState>> = {
  // Cisco IoT Control Center: SIM status values
  cisco_cc: {
    ACTIVATED: 'active',
    DEACTIVATED: 'suspended',
    ACTIVATION_READY: 'ready',
    TEST_READY: 'ready',
    INVENTORY: 'inventory',
    RETIRED: 'retired',
    PURGED: 'deactivated',
  },
  // China Mobile OneLink: cardStatus codes
  onelink: {
    '1': 'ready',
    '2': 'active',
    '4': 'suspended',
    '6': 'ready',
    '7': 'inventory',
    '8': 'deactivated',
  },
};

/** Whether a device in this platform state should be suspended in the product; null: the state says nothing about it. */
export function suspendedFor(state: SimState | null | undefined): boolean | null {
  if (state === 'active') return false;
  if (state === 'suspended' || state === 'deactivated' || state === 'retired') return true;
  return null;
}

/** The state map of an account's kind as a JSON object for SQL (`map ->> status`); empty for the built-in network. */
export const statusMapJson = (kind: string) => JSON.stringify(PLATFORM_STATUS_STATES[kind as keyof typeof PLATFORM_STATUS_STATES] ?? {});
