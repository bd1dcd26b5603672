import { z } from 'zod';
import { field } from '../core/labels.js';
import { zKeyword, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { IMEI_RE } from '../shared/limits.js';
import { AC_CODE_RE, AC_COUNT_RE, AC_IMPORT_FAILURES, AC_OPERATOR_CODES, AC_STATUSES, EID_RE } from './constants.js';

export const zAcCode = field('AC 码', 'AC code', z.string().trim().max(400).regex(AC_CODE_RE, { message: 'LPA:1$<SM-DP+ address>$<matching id>' }));

export const zAcRecord = z.object({
  acCode: z.string(),
  /** the device the AC is for: an IMEI or an EID, never both */
  imei: z.string().nullable(),
  eid: z.string().nullable(),
  iccid: z.string().nullable(),
  operatorCode: z.enum(AC_OPERATOR_CODES).nullable(),
  status: z.enum(AC_STATUSES),
  /** the device it is bound to (ASSIGNED) */
  boundImei: z.string().nullable(),
  boundAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAcRecord = z.infer<typeof zAcRecord>;

export const zAcListRequest = z.object({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
  status: field('状态', 'status', z.enum(AC_STATUSES)).optional(),
  operatorCode: field('运营商', 'operator', z.enum(AC_OPERATOR_CODES)).optional(),
  /** a part of the AC code, IMEI, EID or ICCID */
  keyword: zKeyword.optional(),
});
export const zAcList = zPage(zAcRecord);

/** The text field of the import upload; the file travels in the `file` part. */
export const zAcImportFields = z.object({ count: field('导入数量', 'count', z.string().trim().regex(AC_COUNT_RE, { message: 'six digits, e.g. 000120' })) });

export const zAcImportResult = z.object({
  declared: z.number().int(),
  rows: z.number().int(),
  imported: z.number().int(),
  failures: z.array(z.object({ row: z.number().int(), acCode: z.string(), reason: z.enum(AC_IMPORT_FAILURES) })),
  /** AC Licenses left after the import */
  acLicenses: z.number().int(),
});
export type TAcImportResult = z.infer<typeof zAcImportResult>;

export const zAcBind = z
  .object({
    acCode: zAcCode,
    imei: field('IMEI', 'IMEI', z.string().regex(IMEI_RE)).optional(),
    eid: field('EID', 'EID', z.string().regex(EID_RE)).optional(),
  })
  .refine((v) => !!v.imei !== !!v.eid, { path: ['imei'], message: 'an IMEI or an EID, not both' });
export const zAcCodeRequest = z.object({ acCode: zAcCode });

export const zAcLicenseCount = z.object({ available: z.number().int(), used: z.number().int(), total: z.number().int() });
