import type { DeviceStatus, OfflineLengthClass, ReportFrequency, ReportKind, ReportPeriod } from '@rrp/contracts/constants';
import type { TFunction } from 'i18next';
import dayjs from '../../lib/dayjs';

/*
 * The labels of the report's data codes in the reader's language. Operators, areas, regions
 * and device statuses have their names in the devices catalogue (loaded with the console);
 * what only reports show is in the reports catalogue. An unknown code is shown as it came.
 */

export const unknownLabel = (t: TFunction) => t('reports:label.unknown');

/** A network operator from its PLMN code (46000 → China Mobile / 中国移动); '' is unknown. */
export const operatorName = (t: TFunction, code: string) => (code ? t(`devices:operator.${code}`, { defaultValue: code }) : unknownLabel(t));

/** A region code: an area of the network catalogue (cn-shanghai), else a home region (europe); '' is unknown. */
export function regionName(t: TFunction, code: string): string {
  if (!code) return unknownLabel(t);
  return t(`devices:area.${code}`, { defaultValue: t(`devices:region.${code}`, { defaultValue: code }) });
}

export const statusName = (t: TFunction, status: DeviceStatus) => t(`devices:status.${status}`, { defaultValue: status });

/** 2G … 5G, LTE-M and NB-IoT are the same in both languages; '' is unknown. */
export const networkTypeName = (t: TFunction, type: string) => type || unknownLabel(t);

/** Why a card was switched: by hand, by a monitoring strategy, or the failure reason of the command (device_timeout, …). */
export function switchReasonName(t: TFunction, reason: string): string {
  if (!reason) return unknownLabel(t);
  return t(`reports:switchReason.${reason}`, { defaultValue: t('reports:switchReason.other', { reason }) });
}

export const offlineLengthName = (t: TFunction, length: OfflineLengthClass | string) => t(`reports:offlineLength.${length}`, { defaultValue: length });

/** Signal level 0–5, -1 unknown. */
export const signalName = (t: TFunction, level: number) => (level < 0 ? unknownLabel(t) : t('reports:signal.level', { level }));

export const periodName = (t: TFunction, period: ReportPeriod) => t(`reports:period.${period}`);
export const reportName = (t: TFunction, kind: ReportKind) => t(`reports:kind.${kind}`);
export const frequencyName = (t: TFunction, f: ReportFrequency) => t(`reports:frequency.${f}`);

const localeOf = (lng: string) => (lng === 'en' ? 'en' : 'zh-cn');

/**
 * A series' buckets (YYYY-MM-DD or YYYY-MM) as short axis labels and full labels for tooltips
 * and tables, in the reader's language (the patterns are in the catalogue).
 */
export function bucketLabels(t: TFunction, lng: string, buckets: readonly string[], granularity: 'day' | 'month'): { axis: string[]; full: string[] } {
  const axisPattern = t(granularity === 'day' ? 'reports:date.dayAxis' : 'reports:date.monthAxis');
  const fullPattern = t(granularity === 'day' ? 'reports:date.day' : 'reports:date.month');
  const days = buckets.map((b) => dayjs.utc(b).locale(localeOf(lng)));
  return { axis: days.map((d) => d.format(axisPattern)), full: days.map((d) => d.format(fullPattern)) };
}

/** A day (YYYY-MM-DD) in the reader's language, e.g. "Nov 25, 2026" / "2026年11月25日". */
export const dayText = (t: TFunction, lng: string, day: string) => dayjs.utc(day).locale(localeOf(lng)).format(t('reports:date.day'));
