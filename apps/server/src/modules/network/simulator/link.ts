import { seeded } from './world.js';

/**
 * The simulated link from a device to a domain: round-trip delay, jitter and packet loss by
 * region, network type, network operator and signal, with congestion spells and outages that
 * hit one operator in one area for ten minutes at a time (so another card, on another operator,
 * may escape them). A probe is 20 echo requests, measured like ping: loss is the share that did
 * not come back, delay the mean RTT of those that did, jitter the mean difference between
 * consecutive RTTs (RFC 3550's idea, without smoothing).
 */

export type Probe = { domain: string; packetLoss: number; delay: number | null; jitter: number | null; reachable: boolean };

export type LinkState = { region: string; networkType: string | null; networkOperator: string | null; area: string | null; signalLevel: number };

/** Typical core-network RTT from a region's mobile networks to well-connected servers (ms). */
const REGION_RTT: Record<string, number> = { china_mainland: 35, hong_kong: 25, southeast_asia: 60, europe: 45, americas: 55 };
/**
 * What the radio access adds (ms) and its usual variation: 5G and 4G tens of ms; LTE-M a
 * hundred or more; NB-IoT around a second (3GPP TR 45.820 targets ≤ 10 s for its worst case).
 */
const ACCESS: Record<string, { rtt: number; jitter: number; loss: number }> = {
  '5G': { rtt: 15, jitter: 4, loss: 0.001 },
  '4G': { rtt: 35, jitter: 8, loss: 0.003 },
  'LTE-M': { rtt: 130, jitter: 30, loss: 0.01 },
  'NB-IoT': { rtt: 900, jitter: 160, loss: 0.02 },
};

export const SPELL_MS = 10 * 60_000;
/** share of ten-minute slots in which an operator's cells in an area are congested, or down */
export const SPELLS = { congested: 0.05, outage: 0.01 } as const;
const PACKETS = 20;

/** Host names under the reserved top-level domains (RFC 2606, 6761) and private IPv4 addresses are never reached from a mobile network. */
export function reachableDomain(domain: string): boolean {
  if (/^(?:\d+\.){3}\d+$/.test(domain)) {
    const [a, b] = domain.split('.').map(Number);
    return !(a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254));
  }
  return !/\.(?:invalid|test|local|localhost|example)$/.test(domain);
}

/** The state of an operator's cells in an area during the slot containing `at`. */
export function spellAt(networkOperator: string, area: string, at: number): 'normal' | 'congested' | 'outage' {
  const x = seeded(`spell:${networkOperator}:${area}:${Math.floor(at / SPELL_MS)}`)();
  return x < SPELLS.outage ? 'outage' : x < SPELLS.outage + SPELLS.congested ? 'congested' : 'normal';
}

/** One probe of the link to `domain` at time `at`. */
export function probeLink(link: LinkState, domain: string, at: number, rand: () => number = Math.random): Probe {
  if (!reachableDomain(domain)) return { domain, packetLoss: 100, delay: null, jitter: null, reachable: false };
  const access = ACCESS[link.networkType ?? '4G'] ?? ACCESS['4G'];
  const operator = link.networkOperator ?? '';
  const area = link.area ?? '';
  const op = seeded(`link:${operator}:${area}`);
  const operatorFactor = 0.85 + op() * 0.55;
  const serverRtt = seeded(`domain:${domain}`)() * 80;
  const spell = spellAt(operator, area, at);
  const weakSignal = link.signalLevel <= 1 ? 3 : link.signalLevel === 2 ? 1.5 : 1;
  let lossP = (access.loss + op() * 0.005) * weakSignal;
  let mean = ((REGION_RTT[link.region] ?? 50) + access.rtt) * operatorFactor * (weakSignal > 1 ? 1.2 : 1) + serverRtt;
  let spread = access.jitter * weakSignal;
  if (spell === 'congested') {
    lossP += 0.08 + rand() * 0.17;
    mean *= 3;
    spread *= 4;
  }
  if (spell === 'outage' || link.signalLevel === 0) lossP = 1;
  const rtts: number[] = [];
  for (let i = 0; i < PACKETS; i++) {
    if (rand() < lossP) continue;
    // a skewed spread: most replies near the mean, a few late ones
    const late = rand() < 0.1 ? 2 + rand() * 3 : 1;
    rtts.push(Math.max(1, mean + (rand() * 2 - 1) * spread * late));
  }
  const packetLoss = Math.round(((PACKETS - rtts.length) / PACKETS) * 1000) / 10;
  if (rtts.length === 0) return { domain, packetLoss, delay: null, jitter: null, reachable: true };
  const delay = Math.round(rtts.reduce((s, r) => s + r, 0) / rtts.length);
  let diff = 0;
  for (let i = 1; i < rtts.length; i++) diff += Math.abs(rtts[i] - rtts[i - 1]);
  const jitter = rtts.length > 1 ? Math.round(diff / (rtts.length - 1)) : 0;
  return { domain, packetLoss, delay, jitter, reachable: true };
}
