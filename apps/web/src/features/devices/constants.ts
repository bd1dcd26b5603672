import type { DeviceStatus, Region } from '@rrp/contracts';

/*
 * The device constants of packages/contracts/src/devices.ts, repeated here because that module
 * builds zod schemas at load time: importing a value from it would put zod into the page
 * bundles (the web app imports only types from it). constants.test.ts checks that both agree.
 */
export const REGIONS = ['china_mainland', 'hong_kong', 'southeast_asia', 'europe', 'americas'] as const satisfies readonly Region[];
export const DEVICE_STATUSES = ['in_stock', 'physical_card', 'esim', 'seed_card', 'service_expired'] as const satisfies readonly DeviceStatus[];
export const EXPORT_LIMITS = { dayModeMaxDays: 3, customMaxDays: 90 } as const;
export const DEVICE_TIMING = { switchCooldownMs: 5 * 60_000, syncResultMs: 30_000 } as const;
