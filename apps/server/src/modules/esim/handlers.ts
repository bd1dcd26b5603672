import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { type FileReply, handlers } from '../../http/handler.js';
import { t } from '../../i18n/index.js';
import type { ConnectivityProvider } from '../network/index.js';
import { type EsimCommand, sendEsimCommand } from './commands.js';
import { esimDetail } from './detail.js';
import { streamEsimXlsx } from './export.js';
import { listEsims } from './list.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type CommandCtx = {
  body: { eid: string; iccid?: string };
  scope: TenantScope;
  caller: { userId: string };
  actor: Parameters<typeof sendEsimCommand>[2]['actor'];
  locale: Parameters<typeof sendEsimCommand>[2]['locale'];
};

/** The eSIM list and EID detail of the caller's company (docs/esim.md). */
export const esimHandlers = ({ database, provider }: { database: Database; provider: ConnectivityProvider }) => {
  const command = (kind: EsimCommand, { body, scope, caller, actor, locale }: CommandCtx) =>
    sendEsimCommand(database, provider, { scope, userId: caller.userId, actor, locale }, kind, body.eid, body.iccid);

  return handlers({
    'POST /rrp/esim/list': ({ scope, body }) => listEsims(database, scope, body),
    'POST /rrp/esim/detail': ({ scope, body }) => esimDetail(database, scope, body.eid),
    'POST /rrp/esim/profile/enable': (ctx) => command('esim_enable', ctx),
    'POST /rrp/esim/profile/disable': (ctx) => command('esim_disable', ctx),
    'POST /rrp/esim/profile/delete': (ctx) => command('esim_delete', ctx),
    'POST /rrp/esim/activate': (ctx) => command('esim_activate', ctx),
    'POST /rrp/esim/pause': (ctx) => command('esim_pause', ctx),
    'GET /rrp/esim/export': ({ scope, query, locale, req }): FileReply => ({
      contentType: XLSX_TYPE,
      filename: t(locale, 'esim.file.export'),
      body: streamEsimXlsx(database, scope, query, locale, (err) => req.log.error({ err }, 'esim export failed')),
    }),
  });
};
