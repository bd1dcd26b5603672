import type { TDeviceReport } from '@rrp/contracts';
import { probeLink } from './simulator/link.js';
import { bytesNow, type DeviceProfile, signalNow } from './simulator/world.js';

/** One device the separate-process simulator drives: its character and where its reports stand. */
export type SimDevice = { imei: string; region: string; profile: DeviceProfile; online: boolean; lastAt: number | null; nextAt: number };

/** A fresh report for a device at `now`, and the device's state moved on. */
export function nextReport(d: SimDevice, now: number, rand: () => number = Math.random, probeDomains: string[] = []): TDeviceReport {
  const online = d.online ? rand() >= d.profile.dropRate : rand() < 0.35 || d.lastAt === null;
  const elapsed = d.lastAt === null ? 60_000 : now - d.lastAt;
  const at = new Date(now);
  const bytes = online && d.online ? bytesNow(d.profile, elapsed, at, rand) : 0;
  d.online = online;
  d.lastAt = now;
  const signalLevel = online ? signalNow(d.profile, rand) : 0;
  const link = { region: d.region, networkOperator: d.profile.networkOperator, networkType: d.profile.networkType, area: d.profile.area, signalLevel };
  return {
    imei: d.imei,
    at: at.toISOString(),
    bytes,
    online,
    signalLevel,
    networkOperator: d.profile.networkOperator,
    networkType: d.profile.networkType,
    area: d.profile.area,
    ...(probeDomains.length ? { probes: probeDomains.map((domain) => probeLink(link, domain, now, rand)) } : {}),
  };
}

/** Consecutive 15-digit IMEIs from `start`. */
export function imeiRange(start: string, n: number): string[] {
  if (!/^\d{15}$/.test(start)) throw new Error('--imei-start must be 15 digits');
  const first = BigInt(start);
  return Array.from({ length: n }, (_, i) => (first + BigInt(i)).toString().padStart(15, '0'));
}
