import type { TContact } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import { latestAnnouncement } from '../announcements/index.js';
import { dataPool, deviceFigures, findAccount, findCompanyInfo } from './repository.js';

export const accountHandlers = ({ database, contact }: { database: Database; contact: TContact }) =>
  handlers({
    'POST /rrp/account/query': async ({ caller, locale }) => {
      const account = await findAccount(database, caller.userId, locale);
      if (!account) throw new AppError(22008);
      return account;
    },

    'POST /rrp/account/company': async ({ scope }) => {
      const info = await findCompanyInfo(database, scope.companyId);
      if (!info) throw new AppError(29012);
      return info;
    },

    'POST /rrp/account/overview': async ({ scope, caller, locale }) => {
      const [pool, figures, company, announcement] = await Promise.all([
        dataPool(database, scope.companyId),
        deviceFigures(database, scope),
        findCompanyInfo(database, scope.companyId),
        latestAnnouncement(database, caller.userId, locale),
      ]);
      // alarms arrive with their own module; until then they are truly zero
      return {
        ...figures,
        dataTotalMb: pool.totalMb,
        dataRemainingMb: Math.round((pool.totalMb - pool.usedMb) * 100) / 100,
        dataWarning: false,
        openAlarms: 0,
        certification: company?.certification ?? 'none',
        contact,
        announcementResp: announcement,
      };
    },
  });
