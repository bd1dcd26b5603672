/**
 * Control Center's SIM status values (the REST API's "SIM Status Values"), and which of them let
 * the SIM pass traffic in this simulator.
 */
export const CC_STATUSES = ['ACTIVATED', 'ACTIVATION_READY', 'DEACTIVATED', 'INVENTORY', 'PURGED', 'REPLACED', 'RETIRED', 'TEST_READY'] as const;
export type CcStatus = (typeof CC_STATUSES)[number];

export const isCcStatus = (v: unknown): v is CcStatus => typeof v === 'string' && (CC_STATUSES as readonly string[]).includes(v);

/** ACTIVATED SIMs, and TEST_READY SIMs on their test allowance, carry data; the rest do not. */
export const carriesTraffic = (status: string) => status === 'ACTIVATED' || status === 'TEST_READY';

/** Statuses a SIM never leaves: a purged SIM is gone, a replaced one lives on as its replacement. */
export const isFinal = (status: string) => status === 'PURGED' || status === 'REPLACED';

/** A new fleet's mix: mostly ACTIVATED, some waiting, a few stopped or ended. */
export function initialStatus(index: number): CcStatus {
  const r = index % 20;
  if (r < 13) return 'ACTIVATED';
  if (r < 15) return 'ACTIVATION_READY';
  if (r === 15) return 'TEST_READY';
  if (r < 18) return 'DEACTIVATED';
  if (r === 18) return 'INVENTORY';
  return 'RETIRED';
}
