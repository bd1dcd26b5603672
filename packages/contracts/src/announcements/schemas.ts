import { z } from 'zod';
import { zAnnouncementBrief } from '../account/schemas.js';
import { field } from '../core/labels.js';
import { zId, zPage } from '../core/paging.js';

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
