import type { Tx } from '../../db/client.js';
/**
 * The mobile network and device fleet behind the console. The simulator implements it here; a
 * real carrier or device gateway could replace it without touching the device module.
 */
export type DeviceRef = { id: string; imei: string; region: string; companyId: string };

/**
 * `detect`: measure the link to the domain in the operation's detail (`{ domain, detectionId }`)
 * and report the measurement through the report path with that detection id.
 */
export type CommandKind = 'suspend' | 'unsuspend' | 'switch_card' | 'sync' | 'detect' | EsimCommandKind | 'at_command';

/**
 * eSIM commands on the device's eUICC (docs/esim.md); the operation's detail names the profile
 * (`{ iccid }`) or the AC to download (`{ acCode }`). `at_command`: an AT command to the module
 * (`{ command, slot, at }`, docs/at-cards.md), whose raw answer the provider keeps in the detail.
 */
export type EsimCommandKind = 'esim_enable' | 'esim_disable' | 'esim_delete' | 'esim_activate' | 'esim_pause' | 'esim_download';

export interface ConnectivityProvider {
  /**
   * Devices that just took a License: bring their connectivity up (they start reporting). With
   * `tx`, the provisioning is queued in that transaction: it happens if and only if it commits.
   */
  activate(devices: DeviceRef[], tx?: Tx): Promise<void>;
  /** Service expired: connectivity stops. */
  deactivate(device: DeviceRef): Promise<void>;
  /**
   * Sends a command. It completes later: the provider finishes the operation row `operationId`
   * (status done or failed) and updates the device, durably (jobs), with realistic delays.
   */
  command(device: DeviceRef, kind: CommandKind, operationId: number): Promise<void>;
  /** Whether this process's simulated fleet is reporting (the fleet job runs only then). */
  readonly fleetRunning?: boolean;
  /** Starts background activity (the simulated fleet's reports), if any. */
  start(): void;
  stop(): Promise<void>;
}

/** The provider's reference to a device row. */
export const deviceRef = (d: { id: string; imei: string; region: string; company_id: string }): DeviceRef => ({
  id: d.id,
  imei: d.imei,
  region: d.region,
  companyId: d.company_id,
});
