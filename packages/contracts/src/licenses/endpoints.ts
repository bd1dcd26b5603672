import { memberEndpoint } from '../core/endpoint.js';
import { zLicenseCount } from './schemas.js';

export const licenseEndpoints = {
  'POST /rrp/license/query/count': memberEndpoint({
    summary: 'License stock of the paying company, Licenses in use, expiring and reserved',
    permission: null,
    scope: 'subtree',
    response: zLicenseCount,
  }),
} as const;
