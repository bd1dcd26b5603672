import type { CommandKind } from '../provider.js';

/**
 * How long the simulated network takes, in milliseconds. A command completes after a delay
 * drawn from its range; unsuspending takes several device restarts.
 */
export const COMMAND_DELAY_MS: Record<CommandKind, [number, number]> = {
  suspend: [5_000, 15_000],
  unsuspend: [30_000, 90_000],
  switch_card: [20_000, 40_000],
  sync: [28_000, 32_000],
  detect: [2_000, 5_000],
  // the SM-DP+ and the eUICC: a profile download takes seconds, state changes a little less
  esim_enable: [5_000, 12_000],
  esim_disable: [4_000, 10_000],
  esim_delete: [4_000, 8_000],
  esim_activate: [5_000, 10_000],
  esim_pause: [4_000, 10_000],
  esim_download: [6_000, 15_000],
  at_command: [2_000, 6_000],
};

export const SIM_TIMING = {
  /** a device comes online this long after activation */
  attachMs: [2_000, 8_000] as [number, number],
  /** the fleet job runs this often */
  fleetTickMs: 15_000,
  /** each active device reports about this often */
  reportEveryMs: 60_000,
  /** at most this many devices report per tick (a 50k fleet then reports every ~6 min) */
  fleetSlice: 2_000,
  /** chance per report that an offline device is back */
  backOnlineRate: 0.35,
  /** a device that took a detection command reports its measurement this long after */
  detectReportMs: [3_000, 10_000] as [number, number],
  /** share of commands that fail (e.g. the device does not answer) */
  failureRate: 0.02,
} as const;

export const between = ([lo, hi]: [number, number], rand: () => number = Math.random) => Math.round(lo + rand() * (hi - lo));
