import type { TSupportContact } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import { handlers, withPreread } from '../../http/handler.js';
import type { MemberCaller } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { alarmFigures } from '../alarms/index.js';
import { latestAnnouncement } from '../announcements/index.js';
import type { Actor } from '../audit/index.js';
import { ACCOUNT_PREREAD, dataPool, deviceFigures, findAccount, findCompanyInfo } from './repository.js';
import { changeEmail, changePassword, sendEmailChangeCode, updateAccount, updateCompanyProfile } from './settings.js';

/** `contact` reads the support contact in force (the platform module's setting). */
export const accountHandlers = ({ database, contact }: { database: Database; contact: () => Promise<TSupportContact> }) =>
  handlers({
    'POST /rrp/account/query': withPreread(ACCOUNT_PREREAD, async ({ req, caller, locale }) => {
      const account = await findAccount(database, caller.userId, locale, caller.permissions, req.preread);
      if (!account) throw new AppError(22008);
      return account;
    }),

    'POST /rrp/account/company': async ({ scope }) => {
      const info = await findCompanyInfo(database, scope);
      if (!info) throw new AppError(29012);
      return info;
    },

    'POST /rrp/account/overview': async ({ scope, caller, locale }) => {
      const [pool, figures, company, announcement, support, alarms] = await Promise.all([
        dataPool(database, scope.companyId),
        deviceFigures(database, scope),
        findCompanyInfo(database, scope),
        latestAnnouncement(database, { userId: caller.userId, scope }, locale),
        contact(),
        alarmFigures(database, scope),
      ]);
      return {
        ...figures,
        dataTotalMb: pool.totalMb,
        dataRemainingMb: Math.round((pool.totalMb - pool.usedMb) * 100) / 100,
        dataWarning: alarms.dataWarning,
        openAlarms: alarms.openAlarms,
        certification: company?.certification ?? 'none',
        contact: support,
        announcementResp: announcement,
      };
    },
  });

/** The member's own settings (name, phone, e-mail, password) and the company profile. */
export const accountSettingsHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/account/update': ({ body, actor, caller }) => updateAccount(database, who(actor, caller), body),
    'POST /rrp/account/email/code': ({ body, actor, caller, locale, req }) =>
      sendEmailChangeCode(database, { ...who(actor, caller), locale, clientAddress: req.ip }, body.email),
    'POST /rrp/account/email/update': ({ body, actor, caller }) => changeEmail(database, who(actor, caller), body),
    'POST /rrp/account/password/update': ({ body, actor, caller }) => changePassword(database, { ...who(actor, caller), tokenHash: caller.tokenHash }, body),
    'POST /rrp/account/company/update': ({ body, actor, caller }) => updateCompanyProfile(database, who(actor, caller), body),
  });

const who = (actor: Actor, caller: MemberCaller) => ({ actor, userId: caller.userId, companyId: caller.companyId });
