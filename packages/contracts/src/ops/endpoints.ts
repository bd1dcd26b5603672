import { zChangeLocalRequest } from '../auth/schemas.js';
import { staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { zStaffAccount } from './schemas.js';

/** The back office's own session: platform staff sign in on the console's login page. */
export const opsEndpoints = {
  'POST /ops/account/query': staffEndpoint({ summary: 'The signed-in staff member', permission: null, scope: 'self', response: zStaffAccount }),
  'POST /ops/user/logout': staffEndpoint({ summary: 'Sign out of the back office', permission: null, scope: 'self', response: zNull }),
  'POST /ops/user/changeLocal': staffEndpoint({
    summary: "Store the staff member's language",
    permission: null,
    scope: 'self',
    body: zChangeLocalRequest,
    response: zNull,
  }),
} as const;
