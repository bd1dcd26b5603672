import { z } from 'zod';
import { zAnnouncementBrief } from '../account/schemas.js';
import { field } from '../core/labels.js';
import { zId, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { multiline } from '../core/text.js';
import { LIMITS } from '../shared/limits.js';

export const zAnnouncementList = zPage(zAnnouncementBrief);
export const zAnnouncementMark = z.object({ id: zId('公告', 'announcement'), read: field('已读状态', 'read state', z.boolean()) });
export const zAnnouncementDetailRequest = z.object({ id: zId('公告', 'announcement') });
export const zAnnouncementDetail = z.object({
  item: zAnnouncementBrief,
  /** the newer neighbour (shown before it in the list), or null */
  prevId: z.string().nullable(),
  /** the older neighbour, or null */
  nextId: z.string().nullable(),
});
export type TAnnouncementDetail = z.infer<typeof zAnnouncementDetail>;

// ---- announcements (back office)

export const ANNOUNCEMENT_AUDIENCES = ['all', 'companies'] as const;
const zTitle = (zh: string, en: string) => field(zh, en, z.string().trim().min(1).max(LIMITS.announcementTitleMax));
const zContent = (zh: string, en: string) => multiline(field(zh, en, z.string().trim().min(1).max(LIMITS.announcementContentMax)));
export const zAnnouncementInput = z.object({
  titleZh: zTitle('中文标题', 'Chinese title'),
  titleEn: zTitle('英文标题', 'English title'),
  contentZh: zContent('中文内容', 'Chinese content'),
  contentEn: zContent('英文内容', 'English content'),
  audience: field('发布范围', 'audience', z.enum(ANNOUNCEMENT_AUDIENCES)),
  companyIds: field('指定公司', 'companies', z.array(z.uuid()).max(500)).default([]),
});
export const zAnnouncementUpdate = zAnnouncementInput.extend({ id: zId('公告', 'announcement') });
export const zOpsAnnouncementIdRequest = z.object({ id: zId('公告', 'announcement') });
export const zOpsAnnouncement = z.object({
  id: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  contentZh: z.string(),
  contentEn: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
  /** null while a draft */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  reads: z.number().int(),
});
export type TOpsAnnouncement = z.infer<typeof zOpsAnnouncement>;
export const zOpsAnnouncementList = zPage(zOpsAnnouncement);
export const zOpsAnnouncementListRequest = z.object({
  state: field('状态', 'state', z.enum(['draft', 'published'])).optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});
export const zOpsAnnouncementAdded = z.object({ id: z.string() });
