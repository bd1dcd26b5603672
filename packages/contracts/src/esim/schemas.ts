import { z } from 'zod';
import { EID_RE, ICCID_RE } from '../ac/constants.js';
import { field } from '../core/labels.js';
import { zKeyword, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { zDeviceOperation } from '../devices/schemas.js';
import { NETWORK_OPERATOR_CODES } from '../network/constants.js';
import { ESIM_SORTS, ESIM_STATES, PROFILE_STATES } from './constants.js';

export const zEid = field('EID', 'EID', z.string().trim().regex(EID_RE, { message: '32 digits starting 89' }));
export const zIccid = field('ICCID', 'ICCID', z.string().trim().regex(ICCID_RE, { message: '19 or 20 digits starting 89' }));

/** One eUICC: a device of the company that carries an EID. */
export const zEsimRow = z.object({
  eid: z.string(),
  imei: z.string(),
  deviceName: z.string(),
  /** the company (client) the device belongs to */
  companyName: z.string(),
  /** profiles on the eUICC that are not deleted */
  profileCount: z.number().int(),
  /** the enabled profile's operator (PLMN code) and ICCID; null when none is enabled */
  operatorCode: z.enum(NETWORK_OPERATOR_CODES).nullable(),
  iccid: z.string().nullable(),
  state: z.enum(ESIM_STATES),
  /** whether the device is using its eSIM now (device status `esim`) */
  inUse: z.boolean(),
  /** a command on the eSIM is pending */
  pending: z.boolean(),
  /** bytes, T+1 like the device list */
  usageYesterday: z.number(),
  usageMonth: z.number(),
  /** the import time (the device's) */
  createdAt: z.string(),
});
export type TEsimRow = z.infer<typeof zEsimRow>;

export const zEsimListRequest = z.object({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
  /** a part of the EID, IMEI or enabled ICCID */
  keyword: zKeyword.optional(),
  state: field('状态', 'state', z.enum(ESIM_STATES)).optional(),
  operatorCode: field('运营商', 'operator', z.enum(NETWORK_OPERATOR_CODES)).optional(),
  sort: field('排序', 'sort', z.enum(ESIM_SORTS)).default('created_desc'),
});
export type TEsimListRequest = z.infer<typeof zEsimListRequest>;
export const zEsimList = zPage(zEsimRow);

export const zEsimProfile = z.object({
  iccid: z.string(),
  operatorCode: z.enum(NETWORK_OPERATOR_CODES),
  state: z.enum(PROFILE_STATES),
  /** the AC it was downloaded from; null for a profile the eUICC came with */
  acCode: z.string().nullable(),
  /** bytes carried while it was the enabled profile in use */
  usageBytes: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEsimProfile = z.infer<typeof zEsimProfile>;

export const zEsimDetail = z.object({
  esim: zEsimRow,
  /** every profile, deleted ones last */
  profiles: z.array(zEsimProfile),
  /** the eSIM's operations (esim_* actions and card switches), newest first */
  operations: z.array(zDeviceOperation),
});
export type TEsimDetail = z.infer<typeof zEsimDetail>;

export const zEidRequest = z.object({ eid: zEid });
export const zProfileRequest = z.object({ eid: zEid, iccid: zIccid });
export const zEsimActionResult = z.object({ operationId: z.number().int() });
export type TEsimActionResult = z.infer<typeof zEsimActionResult>;

export const zEsimExportQuery = z.object({
  keyword: zKeyword.optional(),
  state: field('状态', 'state', z.enum(ESIM_STATES)).optional(),
  operatorCode: field('运营商', 'operator', z.enum(NETWORK_OPERATOR_CODES)).optional(),
});
