import { memberEndpoint } from '../core/endpoint.js';
import { AC_LIMITS } from './constants.js';
import { zAcBind, zAcCodeRequest, zAcImportFields, zAcImportResult, zAcLicenseCount, zAcList, zAcListRequest, zAcRecord } from './schemas.js';

/** AC records belong to the company that imported them (spec section 2: /ac-list). */
const ac = { permission: 'AC_LIST', scope: 'company' } as const;

export const acEndpoints = {
  'POST /rrp/ac/list': memberEndpoint({ ...ac, summary: 'AC records of the company, filtered and paged', body: zAcListRequest, response: zAcList }),
  'POST /rrp/ac/import': memberEndpoint({
    ...ac,
    summary: 'Import ACs from an xlsx file; each imported AC consumes one AC License',
    description: 'multipart/form-data with the text field `count` (six digits, the number of rows) and the file field `file` (xlsx)',
    multipart: { fields: zAcImportFields, files: { file: { maxBytes: AC_LIMITS.fileBytes } }, maxBytes: AC_LIMITS.bodyBytes },
    response: zAcImportResult,
    audit: 'ac.import',
  }),
  'GET /rrp/ac/import/template': memberEndpoint({ ...ac, summary: 'The AC import template (xlsx, in the caller’s language)', response: 'file' }),
  'POST /rrp/ac/bind': memberEndpoint({
    ...ac,
    summary: 'Bind an idle AC to a device of the company (by IMEI or EID)',
    body: zAcBind,
    response: zAcRecord,
    audit: 'ac.bind',
  }),
  'POST /rrp/ac/unbind': memberEndpoint({ ...ac, summary: 'Unbind an AC: back to IDLE', body: zAcCodeRequest, response: zAcRecord, audit: 'ac.unbind' }),
  'POST /rrp/ac/delete': memberEndpoint({
    ...ac,
    summary: 'Delete an AC that is not bound (kept in history as DELETED)',
    body: zAcCodeRequest,
    response: zAcRecord,
    audit: 'ac.delete',
  }),
  'POST /rrp/ac/license/count': memberEndpoint({ ...ac, summary: 'AC Licenses of the company: available, used, total', response: zAcLicenseCount }),
} as const;
