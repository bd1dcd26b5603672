import { API_PREFIX, zAccountInfo, zAccountOverview, zCompanyInfo } from '@rrp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { authOf, memberOf } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { AppError } from '../../plugins/errors.js';
import { dataPool, deviceFigures, findAccount, findCompanyInfo, listAnnouncements, toBrief } from './repository.js';

export type Contact = { email: string; phone: string; hours: string };

export const accountRoutes: FastifyPluginAsyncZod<{ database: Database; contact: Contact }> = async (app, { database, contact }) => {
  const tags = ['account'];

  app.post(
    `${API_PREFIX}/account/query`,
    { schema: { tags, summary: "The signed-in member's account", response: { 200: envelope(zAccountInfo) } } },
    async (req) => {
      const account = await findAccount(database, authOf(req).userId, req.locale);
      if (!account) throw new AppError(22008);
      return ok(req, account);
    },
  );

  app.post(`${API_PREFIX}/account/company`, { schema: { tags, summary: "The member's company", response: { 200: envelope(zCompanyInfo) } } }, async (req) => {
    const info = await findCompanyInfo(database, memberOf(req).companyId);
    if (!info) throw new AppError(29012);
    return ok(req, info);
  });

  app.post(
    `${API_PREFIX}/account/overview`,
    { schema: { tags, summary: 'Account overview (home)', response: { 200: envelope(zAccountOverview) } } },
    async (req) => {
      const a = memberOf(req);
      const [pool, figures, company, latest] = await Promise.all([
        dataPool(database, a.companyId),
        deviceFigures(database, a.companyId, a.companyPath),
        findCompanyInfo(database, a.companyId),
        listAnnouncements(database, a.userId, 0, 1),
      ]);
      // alarms arrive with their own module; until then they are truly zero
      return ok(req, {
        ...figures,
        dataTotalMb: pool.totalMb,
        dataRemainingMb: Math.round((pool.totalMb - pool.usedMb) * 100) / 100,
        dataWarning: false,
        openAlarms: 0,
        certification: company?.certification ?? 'none',
        contact,
        announcementResp: latest.rows[0] ? toBrief(latest.rows[0], req.locale) : null,
      });
    },
  );
};
