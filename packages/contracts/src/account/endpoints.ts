import { memberEndpoint } from '../core/endpoint.js';
import { zAccountInfo, zAccountOverview, zCompanyInfo } from './schemas.js';

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
