import { memberEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import { FIRMWARE_LIMITS } from './constants.js';
import { zFirmware, zFirmwareDownloadQuery, zFirmwareId, zFirmwareList, zFirmwareListRequest, zFirmwareUploadFields } from './schemas.js';

/** Module firmware published by the platform: every member can list and download it. */
export const firmwareEndpoints = {
  'POST /rrp/firmware/list': memberEndpoint({
    permission: null,
    scope: 'self',
    summary: 'Module firmware downloads, newest first',
    body: zFirmwareListRequest,
    response: zFirmwareList,
  }),
  'GET /rrp/firmware/download': memberEndpoint({
    permission: null,
    scope: 'self',
    summary: 'Download a firmware file (counted)',
    query: zFirmwareDownloadQuery,
    response: 'file',
  }),
} as const;

const ops = { permission: 'OPS_FIRMWARE', scope: 'platform' } as const;

/** The back office publishes and withdraws firmware. */
export const firmwareOpsEndpoints = {
  'POST /ops/firmware/list': staffEndpoint({ ...ops, summary: 'Published firmware with download counts', body: zFirmwareListRequest, response: zFirmwareList }),
  'POST /ops/firmware/upload': staffEndpoint({
    ...ops,
    summary: 'Publish a firmware file with its version, module model and release notes',
    multipart: { fields: zFirmwareUploadFields, files: { file: { maxBytes: FIRMWARE_LIMITS.fileBytes } }, maxBytes: FIRMWARE_LIMITS.bodyBytes },
    response: zFirmware,
    audit: 'firmware.publish',
  }),
  'POST /ops/firmware/delete': staffEndpoint({ ...ops, summary: 'Withdraw a firmware file', body: zFirmwareId, response: zNull, audit: 'firmware.withdraw' }),
} as const;
