import type { TCoverReport, TDeviceStatusReport, TFlowReport, TStabilityReport } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import { type FileReply, handlers } from '../../http/handler.js';
import { buildReport, type ReportOptions } from './build.js';
import { reportCompany } from './company.js';
import { addSubscription, deleteSubscription, listSubscriptions } from './subscriptions.js';
import { reportWindow } from './window.js';
import { reportFileName, reportXlsx, XLSX_TYPE } from './workbook.js';

/** The operation reports of one company (the caller's or a sub-company's) and their subscriptions (docs/reports.md). */
export const reportHandlers = ({ database, options }: { database: Database; options: ReportOptions }) =>
  handlers({
    'POST /rrp/report/flow': async ({ body, scope }) =>
      (await buildReport(database, 'flow', await reportCompany(database, scope, body.companyId), reportWindow(body.period), options)).data as TFlowReport,
    'POST /rrp/report/device': async ({ body, scope }) =>
      (await buildReport(database, 'device', await reportCompany(database, scope, body.companyId), reportWindow(body.period), options))
        .data as TDeviceStatusReport,
    'POST /rrp/report/stability': async ({ body, scope }) =>
      (await buildReport(database, 'stability', await reportCompany(database, scope, body.companyId), reportWindow(body.period), options))
        .data as TStabilityReport,
    'POST /rrp/report/cover': async ({ body, scope }) =>
      (await buildReport(database, 'cover', await reportCompany(database, scope, body.companyId), reportWindow(body.period), options)).data as TCoverReport,
    'GET /rrp/report/export': async ({ query, scope, locale }): Promise<FileReply> => {
      const company = await reportCompany(database, scope, query.companyId);
      const report = await buildReport(database, query.report, company, reportWindow(query.period), options);
      return { contentType: XLSX_TYPE, filename: reportFileName(report, locale), body: await reportXlsx(report, locale), cacheControl: 'private, no-store' };
    },
    'POST /rrp/report/subscription/list': ({ caller, scope }) => listSubscriptions(database, { userId: caller.userId, scope }),
    'POST /rrp/report/subscription/add': ({ body, caller, scope, actor }) => addSubscription(database, { userId: caller.userId, scope, actor }, body),
    'POST /rrp/report/subscription/delete': async ({ body, caller, scope, actor }) => {
      await deleteSubscription(database, { userId: caller.userId, scope, actor }, body.id);
      return null;
    },
  });
