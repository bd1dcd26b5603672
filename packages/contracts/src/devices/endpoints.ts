import { memberEndpoint } from '../core/endpoint.js';
import { zNull, zPageRequest } from '../core/paging.js';
import { IMPORT_UPLOAD } from './constants.js';
import {
  zAutoRenewRequest,
  zDeviceActionResult,
  zDeviceDetail,
  zDeviceList,
  zDeviceListRequest,
  zExportQuery,
  zGroupAdd,
  zGroupAdded,
  zGroupIdRequest,
  zGroupList,
  zGroupMove,
  zGroupRename,
  zImeiRequest,
  zImportFailuresParams,
  zImportFields,
  zImportLogList,
  zImportTask,
  zImportTaskRequest,
  zMigrateRequest,
  zMigrateResult,
  zMoved,
  zRenewResult,
  zSwitchCardRequest,
} from './schemas.js';

const list = { permission: 'DEVICE_LIST', scope: 'subtree' } as const;
const imports = { permission: 'DEVICE_IMPORT', scope: 'subtree' } as const;
/** Groups belong to one company: the caller's own. */
const groups = { permission: 'DEVICE_LIST', scope: 'company' } as const;

/** Devices of the company and its sub-companies: import, list, detail, commands, migration, groups, export. */
export const deviceEndpoints = {
  'POST /rrp/device/import': memberEndpoint({
    ...imports,
    summary: 'Import devices from an xlsx file',
    description: 'multipart/form-data with the text field `region` and the file field `file` (xlsx, at most 5 MB), signed over the raw body bytes',
    multipart: { fields: zImportFields, files: { file: { maxBytes: IMPORT_UPLOAD.fileBytes } }, maxBytes: IMPORT_UPLOAD.bodyBytes },
    response: zImportTask,
    audit: 'device.import',
  }),
  'GET /rrp/device/import/template': memberEndpoint({ ...imports, summary: 'The import template (xlsx, in the caller’s language)', response: 'file' }),
  'POST /rrp/device/import/log/list': memberEndpoint({ ...imports, summary: 'Import logs, newest first', body: zPageRequest, response: zImportLogList }),
  'POST /rrp/device/import/task': memberEndpoint({
    ...imports,
    summary: 'One import task (poll it for progress)',
    body: zImportTaskRequest,
    response: zImportTask,
  }),
  'GET /rrp/device/import/failures/:taskId': memberEndpoint({
    ...imports,
    summary: 'The refused rows of an import, with their reason (xlsx)',
    params: zImportFailuresParams,
    response: 'file',
  }),
  'POST /rrp/device/list': memberEndpoint({
    ...list,
    summary: 'Devices of the company and its sub-companies, each with its operator platform’s kind and state',
    body: zDeviceListRequest,
    response: zDeviceList,
  }),
  'POST /rrp/device/detail': memberEndpoint({
    ...list,
    summary: 'A device (with its operator platform’s kind and state), its operations and usage',
    body: zImeiRequest,
    response: zDeviceDetail,
  }),
  'POST /rrp/device/suspend': memberEndpoint({
    ...list,
    summary: 'Send the suspend command (refused when the device’s operator platform is disabled or cannot do it)',
    body: zImeiRequest,
    response: zDeviceActionResult,
    audit: 'device.suspend',
  }),
  'POST /rrp/device/unsuspend': memberEndpoint({
    ...list,
    summary: 'Send the unsuspend command (refused when the device’s operator platform is disabled or cannot do it)',
    body: zImeiRequest,
    response: zDeviceActionResult,
    audit: 'device.unsuspend',
  }),
  'POST /rrp/device/switchCard': memberEndpoint({
    ...list,
    summary: 'Send the card switch command to the given card, or to the other one (once per 5 minutes; not on every operator platform)',
    body: zSwitchCardRequest,
    response: zDeviceActionResult,
    audit: 'device.switchCard',
  }),
  'POST /rrp/device/sync': memberEndpoint({
    ...list,
    summary: 'Send the sync command (refused when the device’s operator platform is disabled or cannot do it)',
    body: zImeiRequest,
    response: zDeviceActionResult,
    audit: 'device.sync',
  }),
  'POST /rrp/device/license/renew': memberEndpoint({
    ...list,
    summary: 'Renew the License by one year (uses one stock License)',
    body: zImeiRequest,
    response: zRenewResult,
    audit: 'device.renew',
  }),
  'POST /rrp/device/autoRenew': memberEndpoint({
    ...list,
    summary: 'Turn auto-renewal on or off',
    body: zAutoRenewRequest,
    response: zNull,
    audit: 'device.autoRenew',
  }),
  'POST /rrp/device/migrate': memberEndpoint({
    ...list,
    summary: 'Move devices to a company of the tree',
    body: zMigrateRequest,
    response: zMigrateResult,
    audit: 'device.migrate',
  }),
  'GET /rrp/device/export': memberEndpoint({ ...list, summary: 'Usage per device per day (xlsx, streamed)', query: zExportQuery, response: 'file' }),
  'POST /rrp/device/group/list': memberEndpoint({ ...groups, summary: 'Device groups', response: zGroupList }),
  'POST /rrp/device/group/add': memberEndpoint({ ...groups, summary: 'Add a group', body: zGroupAdd, response: zGroupAdded, audit: 'group.add' }),
  'POST /rrp/device/group/rename': memberEndpoint({ ...groups, summary: 'Rename a group', body: zGroupRename, response: zNull, audit: 'group.rename' }),
  'POST /rrp/device/group/delete': memberEndpoint({
    ...groups,
    summary: 'Delete an empty group',
    body: zGroupIdRequest,
    response: zNull,
    audit: 'group.delete',
  }),
  'POST /rrp/device/group/move': memberEndpoint({ ...groups, summary: 'Move devices into a group', body: zGroupMove, response: zMoved, audit: 'group.move' }),
} as const;
