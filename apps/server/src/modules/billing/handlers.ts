import type { Database } from '../../db/client.js';
import { type FileReply, handlers } from '../../http/handler.js';
import { t } from '../../i18n/index.js';
import { billXlsx } from './export.js';
import { billDetail, deviceBills, listBills } from './queries.js';

export type BillingDeps = { database: Database };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Monthly bills (docs/billing.md). They belong to the company that pays: a sub-company billed
 * by its parent reads its parent's bills. Nothing here writes; the `bill.close` job closes them.
 */
export const billingHandlers = ({ database }: BillingDeps) =>
  handlers({
    'POST /rrp/billingRecord/list': ({ body, scope }) => listBills(database, scope, body),
    'POST /rrp/billingRecord/detail': ({ body, scope, locale }) => billDetail(database, scope, body, locale),
    'GET /rrp/billingRecord/export': async ({ query, scope, locale, req }): Promise<FileReply> => {
      const { month, body } = await billXlsx(database, scope, query.id, locale, (err) => req.log.error({ err }, 'bill export failed'));
      return { contentType: XLSX_TYPE, filename: t(locale, 'billing.file', { month }), body };
    },
    'POST /rrp/billingRecord/device': ({ body, scope }) => deviceBills(database, scope, body.imei),
  });
