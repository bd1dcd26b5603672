import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS } from './constants.js';

const zDay = (zh: string, en: string) => field(zh, en, z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** Filters of the audit log: what, who, which record, which days (UTC). */
export const zAuditFilters = z.object({
  action: field('操作类型', 'action', z.enum(AUDIT_ACTIONS)).optional(),
  actorId: zId('操作人', 'performed by').optional(),
  targetType: field('对象类型', 'record type', z.string().max(40)).optional(),
  companyId: zId('公司', 'company').optional(),
  from: zDay('开始日期', 'start date').optional(),
  to: zDay('结束日期', 'end date').optional(),
});
export const zAuditListRequest = zAuditFilters.extend({ pageNum: zPageNum.default(1), pageSize: zPageSize.default(20) });

export const zAuditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.string().nullable(),
  actorName: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  /** changed fields: [before, after] (secrets never) */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  address: z.string().nullable(),
});
export type TAuditEvent = z.infer<typeof zAuditEvent>;
export const zAuditList = zPage(zAuditEvent);

/** The export's filters travel in the query string. */
export const zAuditExportQuery = z.object({
  action: field('操作类型', 'action', z.enum(AUDIT_ACTIONS)).optional(),
  actorId: zId('操作人', 'performed by').optional(),
  targetType: field('对象类型', 'record type', z.string().max(40)).optional(),
  companyId: zId('公司', 'company').optional(),
  from: zDay('开始日期', 'start date').optional(),
  to: zDay('结束日期', 'end date').optional(),
});
