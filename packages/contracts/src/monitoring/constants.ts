import { SWITCH_TARGETS } from '../devices/constants.js';

/** Strategy types of spec section 3: one ping domain, or several (the link is judged by the best). */
export const STRATEGY_TYPES = ['single', 'multiple'] as const;
export type StrategyType = (typeof STRATEGY_TYPES)[number];

/** Network quality grades of spec section 3, best first. */
export const QUALITY_GRADES = ['smooth', 'general', 'weak', 'disconnected'] as const;
export type QualityGrade = (typeof QUALITY_GRADES)[number];

/** Switch when any condition fails, or only when all of them fail. */
export const STRATEGY_MODES = ['any', 'all'] as const;
export type StrategyMode = (typeof STRATEGY_MODES)[number];

/** Where a switch goes: the card the device is not on, or one card. */
export const STRATEGY_SWITCH_TO = ['next', ...SWITCH_TARGETS] as const;
export type StrategySwitchTo = (typeof STRATEGY_SWITCH_TO)[number];

export type QualityLimits = {
  /** a probe fails when its packet loss (%) is at or above this */
  packetLoss: number;
  /** a probe fails when its round-trip delay (ms) is above this, or when nothing came back */
  delay: number;
  /** a probe fails when its jitter (ms) is above this, or when nothing came back */
  jitter: number;
};

/**
 * Default limits of each quality requirement, editable per strategy (docs/monitoring.md):
 * smooth from ITU-T Y.1541 class 0 (IPTD ≤ 100 ms, IPDV ≤ 50 ms, here tightened to 30 ms for
 * interactive use) with loss under 1 %; general from ITU-T G.114 (≤ 400 ms one-way is the
 * planning limit) and Y.1541 class 1 (IPTD ≤ 400 ms) with loss under 5 % and jitter ≤ 50 ms;
 * weak net: a link that still carries telemetry (≤ 2 s RTT, loss under 20 %, jitter ≤ 500 ms,
 * what NB-IoT links show in service; 3GPP TR 45.820 targets ≤ 10 s); disconnected: nothing
 * comes back.
 */
export const QUALITY_DEFAULTS: Record<QualityGrade, QualityLimits> = {
  smooth: { packetLoss: 1, delay: 100, jitter: 30 },
  general: { packetLoss: 5, delay: 400, jitter: 50 },
  weak: { packetLoss: 20, delay: 2000, jitter: 500 },
  disconnected: { packetLoss: 100, delay: 10_000, jitter: 10_000 },
};

/** A measurement against limits: which of its values fail them. */
export function failedConditions(m: { packetLoss: number; delay: number | null; jitter: number | null }, limits: QualityLimits) {
  return {
    packetLoss: m.packetLoss >= limits.packetLoss,
    delay: m.delay === null || m.delay > limits.delay,
    jitter: m.jitter === null || m.jitter > limits.jitter,
  };
}

/**
 * The grade of one measurement: the best of smooth and general whose default limits it meets;
 * a link that still answers but meets neither is weak; nothing back is disconnected.
 */
export function gradeOf(m: { packetLoss: number; delay: number | null; jitter: number | null }): QualityGrade {
  if (m.packetLoss >= 100 || m.delay === null) return 'disconnected';
  for (const g of ['smooth', 'general'] as const) {
    const f = failedConditions(m, QUALITY_DEFAULTS[g]);
    if (!f.packetLoss && !f.delay && !f.jitter) return g;
  }
  return 'weak';
}

/** Limits of spec sections 5 and 9 and of this product (docs/monitoring.md). */
export const MONITORING_LIMITS = {
  /** custom strategy name (spec: "custom strategy or domain name 10") */
  nameMax: 10,
  /** a ping domain: a host name (RFC 1123) or an IPv4 address */
  domainMax: 253,
  /** domains of a multiple-domain strategy */
  domainsMin: 2,
  domainsMax: 5,
  intervalMinMinutes: 1,
  intervalMaxMinutes: 1440,
  delayMaxMs: 10_000,
  jitterMaxMs: 10_000,
  /** consecutive failing probes before a switch */
  consecutiveMin: 1,
  consecutiveMax: 10,
  consecutiveDefault: 3,
  /** strategies of one company */
  strategiesMax: 50,
  /** devices named in one association call */
  devicesPerCall: 1000,
  /** probes in one report */
  probesPerReport: 5,
  /** a detection without a result after this long has timed out */
  detectionTimeoutMs: 90_000,
  /** detections kept and shown per device */
  detectionsPerDevice: 20,
  /** a hard data cap in MB */
  capMinMb: 1,
  capMaxMb: 10_000_000,
} as const;

/** States of a network detection (spec section 4): detecting → waiting for the device report → a result, or timeout. */
export const DETECTION_STATES = ['detecting', 'waiting', 'done', 'unreachable', 'timeout', 'failed'] as const;
export type DetectionState = (typeof DETECTION_STATES)[number];

/** A host name (RFC 1123 labels, at least two, an alphabetic top label) or a dotted IPv4 address. */
export const DOMAIN_RE =
  /^(?=.{1,253}$)(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]|(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d))$/;
