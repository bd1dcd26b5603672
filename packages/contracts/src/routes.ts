import type { Permission } from './permissions.js';

export const API_PREFIX = '/api/v1/rrp';

/**
 * Who may call each API route. `public`: anyone; `session`: any signed-in member;
 * a permission code: members holding it. The server refuses to start a route missing here,
 * and a test checks every registered route against this table.
 */
export type Access = 'public' | 'session' | Permission;

export const API_ACCESS = {
  'POST /user/publicKey': 'public',
  'GET /captcha/generator/:captchaId': 'public',
  'POST /user/login': 'public',
  'POST /user/logout': 'session',
  'POST /country/list': 'public',
  'POST /user/register': 'public',
  'POST /user/forget/password': 'public',
  'POST /send/verifyCode': 'public',
  'POST /user/changeLocal': 'session',
  'POST /account/query': 'session',
  'POST /account/overview': 'session',
  'POST /account/company': 'ACCOUNT_INFO',
  'POST /announcement/list': 'session',
  'POST /announcement/detail': 'session',
  'POST /announcement/mark': 'session',
  'POST /feedback/add': 'session',
  'POST /license/query/count': 'session',
  'POST /device/import': 'DEVICE_IMPORT',
  'GET /device/import/template': 'DEVICE_IMPORT',
  'POST /device/import/log/list': 'DEVICE_IMPORT',
  'POST /device/import/task': 'DEVICE_IMPORT',
  'GET /device/import/failures/:taskId': 'DEVICE_IMPORT',
  'POST /device/list': 'DEVICE_LIST',
  'POST /device/detail': 'DEVICE_LIST',
  'POST /device/suspend': 'DEVICE_LIST',
  'POST /device/unsuspend': 'DEVICE_LIST',
  'POST /device/switchCard': 'DEVICE_LIST',
  'POST /device/sync': 'DEVICE_LIST',
  'POST /device/license/renew': 'DEVICE_LIST',
  'POST /device/autoRenew': 'DEVICE_LIST',
  'POST /device/migrate': 'DEVICE_LIST',
  'GET /device/export': 'DEVICE_LIST',
  'POST /device/group/list': 'DEVICE_LIST',
  'POST /device/group/add': 'DEVICE_LIST',
  'POST /device/group/rename': 'DEVICE_LIST',
  'POST /device/group/delete': 'DEVICE_LIST',
  'POST /device/group/move': 'DEVICE_LIST',
} as const satisfies Record<string, Access>;

export type ApiRouteKey = keyof typeof API_ACCESS;
