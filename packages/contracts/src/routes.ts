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
} as const satisfies Record<string, Access>;

export type ApiRouteKey = keyof typeof API_ACCESS;
