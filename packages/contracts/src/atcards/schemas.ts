import { z } from 'zod';
import { field } from '../core/labels.js';
import { zKeyword, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { zImei } from '../devices/schemas.js';
import { NETWORK_OPERATOR_CODES } from '../network/constants.js';
import { AT_CARD_STATES, AT_COMMANDS } from './constants.js';

/** One SIM slot of a device's module. */
export const zAtCard = z.object({
  imei: z.string(),
  deviceName: z.string(),
  slot: z.number().int(),
  /** null when the slot is empty */
  iccid: z.string().nullable(),
  operatorCode: z.enum(NETWORK_OPERATOR_CODES).nullable(),
  state: z.enum(AT_CARD_STATES),
  /** 0 (none) to 5: the device's signal as it last reported it (active slot only) */
  signalLevel: z.number().int().nullable(),
  /** an AT command on the device is pending */
  pending: z.boolean(),
  /** when the slot was last read from the module */
  syncedAt: z.string().nullable(),
});
export type TAtCard = z.infer<typeof zAtCard>;

export const zAtCardListRequest = z.object({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
  /** a part of the IMEI or ICCID */
  keyword: zKeyword.optional(),
  state: field('状态', 'state', z.enum(AT_CARD_STATES)).optional(),
  operatorCode: field('运营商', 'operator', z.enum(NETWORK_OPERATOR_CODES)).optional(),
});
export const zAtCardList = zPage(zAtCard);

export const zAtCommandRequest = z
  .object({
    imei: zImei,
    command: field('指令', 'command', z.enum(AT_COMMANDS)),
    /** the slot to switch to (switch only) */
    slot: field('卡槽', 'slot', z.number().int().min(1).max(2)).optional(),
  })
  .refine((v) => v.command !== 'switch' || v.slot !== undefined, { path: ['slot'], message: 'required to switch' });
export type TAtCommandRequest = z.infer<typeof zAtCommandRequest>;
export const zAtCommandResult = z.object({ operationId: z.number().int(), at: z.string() });

/** An AT command as sent and the module's raw answer (null while pending). */
export const zAtLogEntry = z.object({
  operationId: z.number().int(),
  command: z.enum(AT_COMMANDS),
  slot: z.number().int().nullable(),
  at: z.string(),
  response: z.string().nullable(),
  status: z.enum(['pending', 'done', 'failed']),
  actor: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TAtLogEntry = z.infer<typeof zAtLogEntry>;
export const zAtLogRequest = z.object({ imei: zImei });
export const zAtLog = z.object({ list: z.array(zAtLogEntry) });
