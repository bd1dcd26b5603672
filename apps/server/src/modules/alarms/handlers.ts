import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { alarmFile, handleAlarms, listAlarms } from './list.js';
import { deleteSetting, listSettings, poolWarning, recommend, saveSetting, updatePoolWarning } from './settings.js';

export type AlarmDeps = { database: Database; publicUrl: string };

/**
 * The pool warning policy, device alarm settings and the alarm list (docs/alarms.md). All of
 * the caller's own company; the policy is its payer's (read-only when billed by the parent).
 */
export const alarmHandlers = ({ database }: AlarmDeps) =>
  handlers({
    'POST /rrp/poolWarning/query': ({ scope }) => poolWarning(database, scope.companyId),
    'POST /rrp/poolWarning/update': ({ scope, actor, body }) => updatePoolWarning(database, { scope, actor }, body),
    'POST /rrp/alarmSetting/list': ({ scope, locale }) => listSettings(database, scope, locale),
    'POST /rrp/alarmSetting/add': ({ scope, actor, body, locale }) => saveSetting(database, { scope, actor }, body, 'add', locale),
    'POST /rrp/alarmSetting/update': ({ scope, actor, body, locale }) => saveSetting(database, { scope, actor }, body, 'update', locale),
    'POST /rrp/alarmSetting/delete': ({ scope, actor, body }) => deleteSetting(database, { scope, actor }, body.id),
    'POST /rrp/alarmSetting/recommend': ({ scope, body }) => recommend(database, scope, body),
    'POST /rrp/alarm/list': ({ scope, body, locale }) => listAlarms(database, scope, body, locale),
    'POST /rrp/alarm/handle': ({ scope, actor, body }) => handleAlarms(database, { scope, actor }, body.ids),
    'GET /rrp/alarm/download': ({ scope, query, locale }) => alarmFile(database, scope, query.id, locale),
  });
