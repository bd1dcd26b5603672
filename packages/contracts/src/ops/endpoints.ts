import { zChangeLocalRequest } from '../auth/schemas.js';
import { staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { zStaffAccount } from './schemas.js';

const self = { permission: null, scope: 'self' } as const;

/** The back office's own session: platform staff sign in on the console's login page. */
export const opsEndpoints = {
  'POST /ops/account/query': staffEndpoint({ ...self, summary: 'The signed-in staff member', response: zStaffAccount }),
  'POST /ops/user/logout': staffEndpoint({ ...self, summary: 'Sign out of the back office', response: zNull }),
  'POST /ops/user/changeLocal': staffEndpoint({ ...self, summary: "Store the staff member's language", body: zChangeLocalRequest, response: zNull }),
} as const;
