import type { Database } from '../../db/client.js';
import { type FileReply, handlers } from '../../http/handler.js';
import { t } from '../../i18n/index.js';
import { auditXlsx } from './export.js';
import { listAuditEvents } from './query.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The audit log: a member reads the events of their company and its sub-companies (the
 * endpoint's subtree scope), platform staff read every company's. Nothing here writes.
 */
export const auditHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/audit/list': ({ body, scope }) => listAuditEvents(database, scope, body),
    'GET /rrp/audit/export': async ({ query, scope, locale, req }): Promise<FileReply> => ({
      contentType: XLSX_TYPE,
      filename: t(locale, 'audit.file', { day: today() }),
      body: await auditXlsx(database, scope, query, locale, (err) => req.log.error({ err }, 'audit export failed')),
    }),

    'POST /ops/audit/list': ({ body }) => listAuditEvents(database, null, body),
    'GET /ops/audit/export': async ({ query, locale, req }): Promise<FileReply> => ({
      contentType: XLSX_TYPE,
      filename: t(locale, 'audit.file', { day: today() }),
      body: await auditXlsx(database, null, query, locale, (err) => req.log.error({ err }, 'audit export failed')),
    }),
  });
