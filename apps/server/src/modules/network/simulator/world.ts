import { createHash } from 'node:crypto';
import type { AreaCode, NetworkOperatorCode } from '@rrp/contracts';
import { areaName, networkOperatorName } from '../catalogue.js';

/**
 * The simulated world: network operators, areas and network types by region, and each device's own
 * character (how much data it uses, how good its signal is, how often it drops off), derived
 * from its IMEI so the same device behaves the same way in every process and after restarts.
 */

type RegionWorld = { networkOperators: { name: string; iccidIssuer: string }[]; areas: string[]; realNameShare: number; country: string };

/** A region's operators (by PLMN code, with the issuer digits of their ICCIDs) and areas (by code), named from the catalogue. */
const region = (country: string, realNameShare: number, operators: [NetworkOperatorCode, string][], areas: AreaCode[]): RegionWorld => ({
  country,
  realNameShare,
  networkOperators: operators.map(([code, iccidIssuer]) => ({ name: networkOperatorName(code), iccidIssuer })),
  areas: areas.map(areaName),
});

const WORLD: Record<string, RegionWorld> = {
  china_mainland: region(
    '86',
    0.85,
    [
      ['46000', '00'],
      ['46001', '01'],
      ['46011', '03'],
    ],
    ['cn-gd-shenzhen', 'cn-gd-guangzhou', 'cn-shanghai', 'cn-beijing', 'cn-zj-hangzhou', 'cn-js-suzhou', 'cn-sc-chengdu', 'cn-hb-wuhan'],
  ),
  hong_kong: region(
    '852',
    0.9,
    [
      ['45400', '00'],
      ['45406', '06'],
      ['45403', '03'],
      ['45412', '12'],
    ],
    ['hk-island', 'hk-kowloon', 'hk-new-territories'],
  ),
  southeast_asia: region(
    '65',
    0.7,
    [
      ['52501', '01'],
      ['52003', '03'],
      ['51010', '10'],
      ['45204', '04'],
      ['51502', '02'],
    ],
    ['sg-singapore', 'th-bangkok', 'id-jakarta', 'vn-ho-chi-minh-city', 'ph-manila', 'my-kuala-lumpur'],
  ),
  europe: region(
    '49',
    0.6,
    [
      ['26202', '02'],
      ['26201', '01'],
      ['20801', '33'],
      ['21407', '07'],
    ],
    ['de-berlin', 'de-munich', 'fr-paris', 'es-madrid', 'nl-amsterdam', 'it-milan'],
  ),
  americas: region(
    '1',
    0.6,
    [
      ['310410', '41'],
      ['311480', '48'],
      ['310260', '26'],
      ['72405', '31'],
    ],
    ['us-california', 'us-texas', 'us-new-york', 'ca-ontario', 'br-sao-paulo', 'mx-mexico-city'],
  ),
};

export const NETWORK_TYPES = ['4G', '5G', 'LTE-M', 'NB-IoT'] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

export function worldOf(region: string): RegionWorld {
  return WORLD[region] ?? WORLD.southeast_asia;
}

/** Network operators a region's devices attach to. */
export function networkOperatorsOf(region: string): string[] {
  return worldOf(region).networkOperators.map((o) => o.name);
}

/** A small deterministic random stream from a seed (mulberry32 over a SHA-256 prefix). */
export function seeded(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type DeviceProfile = {
  networkOperator: string;
  networkType: NetworkType;
  area: string;
  realName: 'real_name' | 'not_real_name' | 'pre_order';
  /** typical bytes per report (one minute of traffic) */
  bytesPerReport: number;
  /** usual signal level, 1 to 5 */
  signal: number;
  /** chance per report of dropping off the network */
  dropRate: number;
};

/** The character of one device, stable for its IMEI. */
export function profileOf(imei: string, region: string): DeviceProfile {
  const r = seeded(`profile:${imei}`);
  const w = worldOf(region);
  const x = r();
  const networkType: NetworkType = x < 0.45 ? '4G' : x < 0.6 ? '5G' : x < 0.8 ? 'LTE-M' : 'NB-IoT';
  // Log-uniform: most devices send a few KB a minute, some (cameras, routers) a few MB.
  const span = networkType === 'NB-IoT' ? [2_000, 20_000] : networkType === 'LTE-M' ? [4_000, 200_000] : [8_000, 3_000_000];
  const bytesPerReport = Math.round(Math.exp(Math.log(span[0]) + r() * (Math.log(span[1]) - Math.log(span[0]))));
  const rn = r();
  return {
    networkOperator: w.networkOperators[Math.floor(r() * w.networkOperators.length)].name,
    networkType,
    area: w.areas[Math.floor(r() * w.areas.length)],
    realName: rn < w.realNameShare ? 'real_name' : rn < w.realNameShare + (1 - w.realNameShare) / 2 ? 'pre_order' : 'not_real_name',
    bytesPerReport,
    signal: 1 + Math.floor(r() * 5),
    dropRate: 0.003 + r() * 0.02,
  };
}

function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A 20-digit ICCID (89 + country + issuer + serial + Luhn digit) for a device's card. */
export function iccidFor(imei: string, region: string, networkOperator: string, card = 'esim'): string {
  const w = worldOf(region);
  const issuer = w.networkOperators.find((o) => o.name === networkOperator)?.iccidIssuer ?? '00';
  const head = `89${w.country}${issuer}`;
  const r = seeded(`iccid:${imei}:${card}`);
  let serial = '';
  while (head.length + serial.length < 19) serial += String(Math.floor(r() * 10));
  const body = head + serial;
  return body + luhnDigit(body);
}

/**
 * A 32-digit EID (GSMA SGP.29: 89049032, 22 digits, then two check digits making it 1 mod 97) for a
 * device's eUICC. Derived from the IMEI through SHA-256 rather than `seeded`, whose 32-bit state
 * would make two devices of a large fleet share an EID (devices.eid is unique).
 */
export function eidFor(imei: string): string {
  const h = createHash('sha256').update(`eid:${imei}`).digest();
  let body = '89049032';
  for (let i = 0; body.length < 30; i++) body += String(h[i] % 10);
  const check = 98n - ((BigInt(body) * 100n) % 97n);
  return body + String(check).padStart(2, '0');
}

/** Signal level now: the device's usual level give or take one, 0 to 5. */
export function signalNow(profile: DeviceProfile, rand: () => number = Math.random): number {
  return Math.max(0, Math.min(5, profile.signal + Math.floor(rand() * 3) - 1));
}

/** Bytes used since the previous report, `elapsedMs` ago: the device's rate, a daily rhythm and noise. */
export function bytesNow(profile: DeviceProfile, elapsedMs: number, at: Date, rand: () => number = Math.random): number {
  const minutes = Math.min(Math.max(elapsedMs / 60_000, 0.25), 60);
  const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
  const daily = 1 + 0.5 * Math.sin(((hour - 8) / 24) * 2 * Math.PI);
  const noise = 0.3 + rand() * 1.7;
  return Math.round(profile.bytesPerReport * minutes * daily * noise);
}
