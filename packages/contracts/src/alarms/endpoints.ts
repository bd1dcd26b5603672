import { memberEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import {
  zAlarmDownloadQuery,
  zAlarmHandle,
  zAlarmList,
  zAlarmListRequest,
  zAlarmRecommendation,
  zAlarmRecommendRequest,
  zAlarmSetting,
  zAlarmSettingIdRequest,
  zAlarmSettingList,
  zAlarmSettingSave,
  zPoolWarning,
  zPoolWarningUpdate,
} from './schemas.js';

/** Alarm settings, the pool warning policy and the alarm list (spec section 2: /alarm-settings, /alarm-list). */
const alarms = { permission: 'SERVICE_SETTING_ALARM_MANAGE', scope: 'company' } as const;

export const alarmEndpoints = {
  'POST /rrp/poolWarning/query': memberEndpoint({
    ...alarms,
    summary: "The data pool warning policy of the caller's pool (its payer's when billed by the parent)",
    response: zPoolWarning,
  }),
  'POST /rrp/poolWarning/update': memberEndpoint({
    ...alarms,
    summary: 'Set the warning and alarm values (MB of remaining pool); a company billed by its parent cannot',
    body: zPoolWarningUpdate,
    response: zPoolWarning,
    audit: 'alarm.poolWarning',
  }),
  'POST /rrp/alarmSetting/list': memberEndpoint({ ...alarms, summary: 'Device alarm settings of the company', response: zAlarmSettingList }),
  'POST /rrp/alarmSetting/add': memberEndpoint({
    ...alarms,
    summary: 'Add a device alarm setting',
    body: zAlarmSettingSave,
    response: zAlarmSetting,
    audit: 'alarm.setting.add',
  }),
  'POST /rrp/alarmSetting/update': memberEndpoint({
    ...alarms,
    summary: 'Change a device alarm setting (its open alarms keep their level)',
    body: zAlarmSettingSave,
    response: zAlarmSetting,
    audit: 'alarm.setting.update',
  }),
  'POST /rrp/alarmSetting/delete': memberEndpoint({
    ...alarms,
    summary: 'Delete a device alarm setting; its open alarms end',
    body: zAlarmSettingIdRequest,
    response: zNull,
    audit: 'alarm.setting.delete',
  }),
  'POST /rrp/alarmSetting/recommend': memberEndpoint({
    ...alarms,
    summary: "A recommended threshold from the last 7 days' usage of the scope",
    body: zAlarmRecommendRequest,
    response: zAlarmRecommendation,
  }),
  'POST /rrp/alarm/list': memberEndpoint({
    ...alarms,
    summary: 'Alarms of the company, newest first, filtered; with the count of open unhandled ones',
    body: zAlarmListRequest,
    response: zAlarmList,
  }),
  'POST /rrp/alarm/handle': memberEndpoint({
    ...alarms,
    summary: 'Mark alarms handled (all named must be the company’s)',
    body: zAlarmHandle,
    response: zNull,
    audit: 'alarm.handle',
  }),
  'GET /rrp/alarm/download': memberEndpoint({
    ...alarms,
    summary: 'The devices concerned by an alarm (xlsx, in the caller’s language)',
    query: zAlarmDownloadQuery,
    response: 'file',
  }),
} as const;
