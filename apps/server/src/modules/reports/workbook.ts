import type { Locale } from '@rrp/contracts';
import ExcelJS from 'exceljs';
import { MESSAGES, type MessageKey, t } from '../../i18n/index.js';
import { mb } from '../../lib/units.js';
import type { AnyReport } from './build.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | null;
type Sheet = { name: MessageKey; columns: MessageKey[]; rows: Cell[][]; note?: string };

/** A data label in the reader's language: the catalogue's text for a code, or the code as stored when it has none. */
const label = (locale: Locale, prefix: string, code: string): string => {
  if (code === '') return t(locale, 'reports.unknown');
  const key = `${prefix}.${code}`;
  return key in MESSAGES ? t(locale, key as MessageKey) : code;
};
const pct = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 100);

/** The sheets of a report: one per chart, labels in the reader's language, bytes in MB. */
function sheetsOf(r: AnyReport, locale: Locale): Sheet[] {
  const bucket: MessageKey = r.data.granularity === 'day' ? 'reports.column.day' : 'reports.column.month';
  const operator = (c: string) => label(locale, 'esim.operator', c);
  const region = (c: string) => label(locale, 'reports.region', c);
  const type = (c: string) => (c === '' ? t(locale, 'reports.unknown') : c);
  switch (r.kind) {
    case 'flow': {
      const d = r.data;
      return [
        { name: 'reports.sheet.usage', columns: [bucket, 'reports.column.usageMb'], rows: d.buckets.map((b, i) => [b, mb(d.usage[i])]) },
        {
          name: 'reports.sheet.topDevices',
          columns: ['reports.column.imei', 'reports.column.name', 'reports.column.usageMb'],
          rows: d.topDevices.map((x) => [x.imei, x.name, mb(x.bytes)]),
        },
        {
          name: 'reports.sheet.byOperator',
          columns: ['reports.column.operator', 'reports.column.usageMb'],
          rows: d.byOperator.map((x) => [operator(x.operator), mb(x.bytes)]),
        },
        {
          name: 'reports.sheet.byRegion',
          columns: ['reports.column.region', 'reports.column.usageMb'],
          rows: d.byRegion.map((x) => [region(x.region), mb(x.bytes)]),
        },
        {
          name: 'reports.sheet.pool',
          columns: [bucket, 'reports.column.consumedMb', 'reports.column.addedMb'],
          rows: d.buckets.map((b, i) => [b, mb(d.pool.consumed[i]), mb(d.pool.added[i])]),
        },
      ];
    }
    case 'device': {
      const d = r.data;
      return [
        {
          name: 'reports.sheet.status',
          columns: ['reports.column.status', 'reports.column.count'],
          rows: d.byStatus.map((s) => [label(locale, 'reports.status', s.status), s.count]),
        },
        { name: 'reports.sheet.onlineRate', columns: [bucket, 'reports.column.onlineRate'], rows: d.buckets.map((b, i) => [b, pct(d.onlineRate[i])]) },
        {
          name: 'reports.sheet.lifecycle',
          columns: [bucket, 'reports.column.imports', 'reports.column.expiries', 'reports.column.renewals'],
          rows: d.buckets.map((b, i) => [b, d.imports[i], d.expiries[i], d.renewals[i]]),
        },
      ];
    }
    case 'stability': {
      const d = r.data;
      return [
        {
          name: 'reports.sheet.unstable',
          columns: [
            'reports.column.imei',
            'reports.column.name',
            'reports.column.onlineRatio',
            'reports.column.offlineEpisodes',
            'reports.column.longestOffline',
            'reports.column.switches',
          ],
          rows: d.devices.map((x) => [x.imei, x.name, pct(x.onlineRatio), x.offlineEpisodes, x.longestOfflineMinutes, x.switches]),
        },
        {
          name: 'reports.sheet.episodes',
          columns: ['reports.column.length', 'reports.column.count'],
          rows: d.episodesByLength.map((e) => [label(locale, 'reports.length', e.length), e.count]),
        },
        { name: 'reports.sheet.switches', columns: [bucket, 'reports.column.switches'], rows: d.buckets.map((b, i) => [b, d.switches[i]]) },
        {
          name: 'reports.sheet.switchReasons',
          columns: ['reports.column.reason', 'reports.column.count'],
          rows: d.switchReasons.map((s) => [label(locale, 'reports.reason', s.reason), s.count]),
        },
        {
          name: 'reports.sheet.signal',
          columns: ['reports.column.signal', 'reports.column.devices'],
          rows: d.signal.map((s) => [s.level < 0 ? t(locale, 'reports.unknown') : s.level, s.count]),
        },
        {
          name: 'reports.sheet.zeroUsage',
          columns: ['reports.column.imei', 'reports.column.name'],
          rows: d.zeroUsage.devices.map((x) => [x.imei, x.name]),
          note: t(locale, 'reports.zeroUsage.total', { count: d.zeroUsage.count, shown: d.zeroUsage.devices.length }),
        },
      ];
    }
    case 'cover': {
      const d = r.data;
      const cols = (first: MessageKey): MessageKey[] => [first, 'reports.column.devices', 'reports.column.usageMb'];
      return [
        { name: 'reports.sheet.byRegion', columns: cols('reports.column.region'), rows: d.byRegion.map((x) => [region(x.region), x.devices, mb(x.bytes)]) },
        {
          name: 'reports.sheet.byOperator',
          columns: cols('reports.column.operator'),
          rows: d.byOperator.map((x) => [operator(x.operator), x.devices, mb(x.bytes)]),
        },
        {
          name: 'reports.sheet.byNetworkType',
          columns: cols('reports.column.networkType'),
          rows: d.byNetworkType.map((x) => [type(x.networkType), x.devices, mb(x.bytes)]),
        },
      ];
    }
  }
}

/** The report's title: company, report, period and its days, and the last day the data holds (T+1). */
export const reportTitle = (r: AnyReport, locale: Locale): string =>
  t(locale, 'reports.title', {
    company: r.data.companyName,
    report: t(locale, `reports.kind.${r.kind}`),
    period: t(locale, `reports.period.${r.data.period}`),
    from: r.data.from,
    to: r.data.to,
  });

export const reportFileName = (r: AnyReport, locale: Locale): string =>
  t(locale, 'reports.file', { report: t(locale, `reports.kind.${r.kind}`), company: r.data.companyName, to: r.data.to }).replace(/[\\/:*?"<>|]/g, '_');

/** The report as an xlsx workbook: a sheet per chart, each starting with the title row, then its header row. */
export async function reportXlsx(r: AnyReport, locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const title = reportTitle(r, locale);
  for (const s of sheetsOf(r, locale)) {
    const ws = wb.addWorksheet(t(locale, s.name));
    ws.addRow([title]).font = { bold: true };
    const header = ws.addRow(s.columns.map((c) => t(locale, c)));
    header.font = { bold: true };
    for (const row of s.rows) ws.addRow(row);
    if (s.note) ws.addRow([s.note]);
    ws.columns.forEach((c, i) => {
      c.width = i === 0 ? 24 : 16;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
