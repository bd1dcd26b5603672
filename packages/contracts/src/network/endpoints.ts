import { deviceEndpoint } from '../core/endpoint.js';
import { DEVICE_REPORT_LIMITS } from './constants.js';
import { zDeviceReportRequest, zDeviceReportResult } from './schemas.js';

/** The device API: what devices and gateways send, signed with their company's device key. */
export const networkEndpoints = {
  'POST /device/report': deviceEndpoint({
    summary: `Batched device reports (at most ${DEVICE_REPORT_LIMITS.reportsPerCall} per call), signed with the company's device key`,
    description:
      'Signed like console calls (docs/api.md) with X-Token = the device key id and the key secret as secretKey. ' +
      'Reports for IMEIs the company does not hold, devices without service or times outside the window are refused one by one; see docs/network.md.',
    body: zDeviceReportRequest,
    response: zDeviceReportResult,
  }),
} as const;
