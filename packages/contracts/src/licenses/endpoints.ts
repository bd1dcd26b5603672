import { memberEndpoint } from '../core/endpoint.js';
import { zAutoRenewBulk, zAutoRenewBulkResult, zExpiringList, zExpiringRequest, zLicenseCount, zLicenseLedger, zLicenseLedgerRequest } from './schemas.js';

export const licenseEndpoints = {
  'POST /rrp/license/query/count': memberEndpoint({
    summary: 'License stock of the paying company, Licenses in use, expiring and reserved',
    permission: null,
    scope: 'subtree',
    response: zLicenseCount,
  }),
  'POST /rrp/license/ledger/list': memberEndpoint({
    summary: "The paying company's License history (grants, purchases, uses, renewals), newest first, with the balance after each",
    permission: 'DEVICE_LIST',
    scope: 'company',
    body: zLicenseLedgerRequest,
    response: zLicenseLedger,
  }),
  'POST /rrp/license/expiring/list': memberEndpoint({
    summary: 'Devices whose License ends within 30 days, soonest first',
    permission: 'DEVICE_LIST',
    scope: 'subtree',
    body: zExpiringRequest,
    response: zExpiringList,
  }),
  'POST /rrp/license/autoRenew/update': memberEndpoint({
    summary: 'Turn auto-renewal on or off for up to 100 devices, or for every device the caller reaches',
    permission: 'DEVICE_LIST',
    scope: 'subtree',
    body: zAutoRenewBulk,
    response: zAutoRenewBulkResult,
    audit: 'license.autoRenew',
  }),
} as const;
