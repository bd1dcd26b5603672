import { type Locale, REGIONS, type SwitchTarget } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { type FileReply, handlers } from '../../http/handler.js';
import { t } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import type { Actor } from '../audit/index.js';
import type { ConnectivityProvider } from '../network/index.js';
import { type ConsoleCommand, migrateDevices, sendCommand, setAutoRenew } from './actions.js';
import { exportDays, streamUsageXlsx } from './export.js';
import { addGroup, deleteGroup, listGroups, moveToGroup, renameGroup } from './groups.js';
import { failuresXlsx, findTask, listTasks, runImport, taskFailures, templateXlsx } from './import.js';
import { renewDevice } from './renew.js';
import { deviceDetail, listDevices } from './repository.js';
import { readImportFile } from './xlsx-reader.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsx = (filename: string, body: FileReply['body']): FileReply => ({ contentType: XLSX_TYPE, filename, body });

/**
 * The device API: import, list, detail and commands, renewal, migration, groups and the
 * usage export. Every query goes through the scope the endpoint declares.
 */
export const deviceHandlers = ({ database, provider }: { database: Database; provider: ConnectivityProvider }) => {
  /** The four command endpoints take and answer the same. */
  const command = (
    kind: ConsoleCommand,
    {
      body,
      caller,
      actor,
      scope,
      locale,
    }: { body: { imei: string; target?: SwitchTarget }; caller: { userId: string }; actor: Actor; scope: TenantScope; locale: Locale },
  ) => sendCommand(database, provider, caller, actor, scope, body.imei, kind, locale, body.target);

  return handlers({
    // ---- import
    'POST /rrp/device/import': async ({ upload, caller, actor, scope }) => {
      const region = upload.fields.region;
      const file = upload.files.file;
      if (!region) throw new AppError(23007);
      if (!(REGIONS as readonly string[]).includes(region)) throw new AppError(28002, { field: 'region' });
      if (!file || file.data.length === 0) throw new AppError(23004);
      if (!/\.xlsx$/i.test(file.filename)) throw new AppError(23005);
      const rows = await readImportFile(file.data);
      return runImport(database, provider, caller, actor, scope.own(), { name: file.filename, region, rows });
    },

    'GET /rrp/device/import/template': async ({ locale }) => xlsx(t(locale, 'devices.file.template'), await templateXlsx(locale)),

    'POST /rrp/device/import/log/list': ({ body, scope }) => listTasks(database, scope, body.pageNum, body.pageSize),

    'POST /rrp/device/import/task': async ({ body, scope }) => {
      const task = await findTask(database, scope, body.id);
      if (!task) throw new AppError(29012);
      return task;
    },

    'GET /rrp/device/import/failures/:taskId': async ({ params, scope, locale }) => {
      const found = await taskFailures(database, scope, params.taskId);
      if (!found) throw new AppError(29012);
      const base = found.name.replace(/\.xlsx$/i, '');
      return xlsx(t(locale, 'devices.file.failures', { base }), await failuresXlsx(found.failures, locale));
    },

    // ---- list, detail, commands
    'POST /rrp/device/list': ({ body, scope }) => listDevices(database, scope, body),
    'POST /rrp/device/detail': ({ body, scope }) => deviceDetail(database, scope, body.imei),
    'POST /rrp/device/suspend': (ctx) => command('suspend', ctx),
    'POST /rrp/device/unsuspend': (ctx) => command('unsuspend', ctx),
    'POST /rrp/device/switchCard': (ctx) => command('switch_card', ctx),
    'POST /rrp/device/sync': (ctx) => command('sync', ctx),
    'POST /rrp/device/license/renew': ({ body, caller, actor, scope }) => renewDevice(database, provider, caller, actor, scope, body.imei),

    'POST /rrp/device/autoRenew': async ({ body, actor, scope }) => {
      await setAutoRenew(database, actor, scope, body.imei, body.autoRenew);
      return null;
    },

    'POST /rrp/device/migrate': async ({ body, caller, actor, scope }) => ({
      moved: await migrateDevices(database, caller, actor, scope, body.imeis, body.companyId),
    }),

    'GET /rrp/device/export': ({ query, scope, locale, req }) => {
      const days = exportDays(query.mode, query.start, query.end);
      const body = streamUsageXlsx(database, scope, days, locale, (err) => req.log.error({ err }, 'export failed'));
      return xlsx(t(locale, 'devices.file.usage', { start: days[0], end: days[days.length - 1] }), body);
    },

    // ---- groups (the caller's own company)
    'POST /rrp/device/group/list': async ({ scope, locale }) => ({ list: await listGroups(database, scope, locale) }),
    'POST /rrp/device/group/add': async ({ body, actor, scope }) => ({ id: await addGroup(database, actor, scope, body.name) }),
    'POST /rrp/device/group/rename': async ({ body, actor, scope }) => {
      await renameGroup(database, actor, scope, body.id, body.name);
      return null;
    },
    'POST /rrp/device/group/delete': async ({ body, actor, scope }) => {
      await deleteGroup(database, actor, scope, body.id);
      return null;
    },
    'POST /rrp/device/group/move': async ({ body, actor, scope }) => ({
      moved: await moveToGroup(database, actor, scope, body.groupId, body.imeis),
    }),
  });
};
