import type { Database } from '../db/client.js';
import type { OpenConnector } from '../modules/connectivity/index.js';
import type { ConnectivityProvider } from '../modules/network/index.js';
import type { PaymentGateway } from '../modules/orders/index.js';

/** What a module's jobs are built with. */
export type ModuleDeps = {
  database: Database;
  provider: ConnectivityProvider;
  payments?: PaymentGateway | null;
  /** the console's public address, for links in e-mails sent by jobs */
  publicUrl?: string;
  /** the webhook settings of the configuration (unset: https only, public addresses only) */
  webhooks?: { webhookAllowHttp: boolean; RRP_WEBHOOK_ALLOW_PRIVATE: boolean };
  /** aborted when the process begins to stop: long jobs (a platform sync) stop at their next step */
  stopSignal?: AbortSignal;
  /** opens an operator platform account's connector (null: platform accounts are not synced in this process) */
  openConnector?: OpenConnector | null;
  /** days raw device reports are kept after roll-up (RRP_RAW_REPORT_RETENTION_DAYS) */
  rawReportRetentionDays?: number;
};
