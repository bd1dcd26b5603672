import { memberEndpoint } from '../core/endpoint.js';
import { zEidRequest, zEsimActionResult, zEsimDetail, zEsimExportQuery, zEsimList, zEsimListRequest, zProfileRequest } from './schemas.js';

/**
 * eSIMs are the eUICCs of the company's devices, so they are read and commanded under the
 * device list's code (docs/decisions.md); a sub-company has its own.
 */
const esim = { permission: 'DEVICE_LIST', scope: 'company' } as const;
const command = <B extends typeof zProfileRequest | typeof zEidRequest>(summary: string, audit: string, body: B) =>
  memberEndpoint({ ...esim, summary, body, response: zEsimActionResult, audit });

export const esimEndpoints = {
  'POST /rrp/esim/list': memberEndpoint({
    ...esim,
    summary: 'eSIMs (eUICCs) of the company, filtered, sorted and paged',
    body: zEsimListRequest,
    response: zEsimList,
  }),
  'POST /rrp/esim/detail': memberEndpoint({ ...esim, summary: 'One eSIM: its profiles and operation log', body: zEidRequest, response: zEsimDetail }),
  'POST /rrp/esim/profile/enable': command('Enable a profile (the device switches to it; completes later)', 'esim.profile.enable', zProfileRequest),
  'POST /rrp/esim/profile/disable': command('Disable the enabled profile (completes later)', 'esim.profile.disable', zProfileRequest),
  'POST /rrp/esim/profile/delete': command('Delete a disabled profile from the eUICC (completes later)', 'esim.profile.delete', zProfileRequest),
  'POST /rrp/esim/activate': command('Activate the eSIM’s data service (completes later)', 'esim.activate', zEidRequest),
  'POST /rrp/esim/pause': command('Pause the eSIM’s data service (completes later)', 'esim.pause', zEidRequest),
  'GET /rrp/esim/export': memberEndpoint({ ...esim, summary: 'The eSIM list as xlsx (the filters of the list)', query: zEsimExportQuery, response: 'file' }),
} as const;
