import type { ReportKind, TCoverReport, TDeviceStatusReport, TFlowReport, TStabilityReport } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import type { ReportCompany } from './company.js';
import { coverReport } from './cover.js';
import { deviceReport } from './device.js';
import { flowReport } from './flow.js';
import { throughSnapshot } from './snapshots.js';
import { stabilityReport } from './stability.js';
import type { ReportWindow } from './window.js';

export type AnyReport =
  | { kind: 'flow'; data: TFlowReport }
  | { kind: 'device'; data: TDeviceStatusReport }
  | { kind: 'stability'; data: TStabilityReport }
  | { kind: 'cover'; data: TCoverReport };

export type ReportOptions = {
  /**
   * How long the answers of flow and stability, which rank every device of the company, are
   * served again (RRP_REPORT_SNAPSHOT_SECONDS); device and cover read company-level roll-ups and
   * the devices' current state, and are computed every time.
   */
  snapshotSeconds: number;
};

/**
 * One report's figures, by its kind. The figures are read through `database.forReads()`: the
 * read replica when one is configured and close enough (T+1 roll-ups; docs/scaling.md); the
 * snapshots themselves live on the primary.
 */
export async function buildReport(
  database: Database,
  kind: ReportKind,
  company: ReportCompany,
  w: ReportWindow,
  { snapshotSeconds }: ReportOptions,
): Promise<AnyReport> {
  const reads = database.forReads();
  switch (kind) {
    case 'flow':
      return { kind, data: await throughSnapshot(database, { company, kind, w }, snapshotSeconds, () => flowReport(reads, company, w)) };
    case 'device':
      return { kind, data: await deviceReport(reads, company, w) };
    case 'stability':
      return { kind, data: await throughSnapshot(database, { company, kind, w }, snapshotSeconds, () => stabilityReport(reads, company, w)) };
    case 'cover':
      return { kind, data: await coverReport(reads, company, w) };
  }
}
