import { memberEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import {
  zAccountInfo,
  zAccountOverview,
  zAccountUpdate,
  zCompanyInfo,
  zCompanyProfileUpdate,
  zEmailChange,
  zEmailChangeCode,
  zPasswordChange,
} from './schemas.js';

const self = { permission: null, scope: 'self' } as const;

/** The signed-in member's account, company and home overview. */
export const accountEndpoints = {
  'POST /rrp/account/query': memberEndpoint({ summary: "The signed-in member's account", permission: null, scope: 'self', response: zAccountInfo }),
  'POST /rrp/account/company': memberEndpoint({ summary: "The member's company", permission: 'ACCOUNT_INFO', scope: 'company', response: zCompanyInfo }),
  'POST /rrp/account/overview': memberEndpoint({
    summary: 'Account overview (home): the company and its sub-companies',
    permission: null,
    scope: 'subtree',
    response: zAccountOverview,
  }),
} as const;

/** The member's own account settings and the company profile. */
export const accountSettingsEndpoints = {
  'POST /rrp/account/update': memberEndpoint({
    ...self,
    summary: 'Change your name, phone and job title',
    body: zAccountUpdate,
    response: zNull,
    audit: 'account.update',
  }),
  'POST /rrp/account/email/code': memberEndpoint({
    ...self,
    summary: 'E-mail a code to the new address before changing your e-mail',
    body: zEmailChangeCode,
    response: zNull,
  }),
  'POST /rrp/account/email/update': memberEndpoint({
    ...self,
    summary: 'Change your e-mail with the code sent to the new address',
    body: zEmailChange,
    response: zNull,
    audit: 'account.email',
  }),
  'POST /rrp/account/password/update': memberEndpoint({
    ...self,
    summary: 'Change your password with the current one (your other sessions end)',
    body: zPasswordChange,
    response: zNull,
    audit: 'account.password',
  }),
  'POST /rrp/account/company/update': memberEndpoint({
    permission: 'ACCOUNT_INFO',
    scope: 'company',
    summary: 'Edit the company profile (the name only until the company is verified)',
    body: zCompanyProfileUpdate,
    response: zNull,
    audit: 'company.profile',
  }),
} as const;
