import type { TDeviceStatusReport, TFlowReport, TStabilityReport } from './api';

/** The period's online rate: the mean of the buckets where some device reported (null when none did). */
export function meanOnlineRate(r: TDeviceStatusReport): number | null {
  const known = r.onlineRate.filter((v): v is number => v !== null);
  return known.length ? known.reduce((s, v) => s + v, 0) / known.length : null;
}

const sum = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0);

/** The figures of the overview's cards, each from the report that holds it. */
export const kpis = {
  usage: (r: TFlowReport) => r.totalBytes,
  devices: (r: TDeviceStatusReport) => r.total,
  onlineRate: meanOnlineRate,
  switches: (r: TStabilityReport) => sum(r.switches),
  offlineEpisodes: (r: TStabilityReport) => sum(r.episodesByLength.map((e) => e.count)),
  zeroUsage: (r: TStabilityReport) => r.zeroUsage.count,
};
