import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import { addAnnouncement, deleteAnnouncement, listOpsAnnouncements, opsAnnouncement, publishAnnouncement, updateAnnouncement } from './ops.js';
import { findAnnouncement, listAnnouncements, markAnnouncement, toBrief } from './repository.js';

/** Members read the published announcements addressed to every company or to their own. */
export const announcementHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/announcement/list': async ({ body, caller, scope, locale }) => {
      const { pageNum, pageSize } = body;
      const { total, rows } = await listAnnouncements(database, { userId: caller.userId, scope }, (pageNum - 1) * pageSize, pageSize);
      return { total, list: rows.map((r) => toBrief(r, locale)) };
    },

    'POST /rrp/announcement/detail': async ({ body, caller, scope, locale }) => {
      const found = await findAnnouncement(database, { userId: caller.userId, scope }, body.id);
      if (!found) throw new AppError(29012);
      return { item: toBrief(found.row, locale), prevId: found.prevId, nextId: found.nextId };
    },

    'POST /rrp/announcement/mark': async ({ body, caller, scope }) => {
      if (!(await markAnnouncement(database, { userId: caller.userId, scope }, body.id, body.read))) throw new AppError(29012);
      return null;
    },
  });

/** The back office writes announcements, drafts until published, to every company or to chosen ones. */
export const announcementOpsHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /ops/announcement/list': ({ body }) => listOpsAnnouncements(database, body),
    'POST /ops/announcement/detail': ({ body }) => opsAnnouncement(database, body.id),
    'POST /ops/announcement/add': async ({ body, actor, locale }) => ({ id: await addAnnouncement(database, actor, body, locale) }),
    'POST /ops/announcement/update': async ({ body, actor, locale }) => {
      const { id, ...input } = body;
      await updateAnnouncement(database, actor, id, input, locale);
      return null;
    },
    'POST /ops/announcement/publish': async ({ body, actor, locale }) => {
      await publishAnnouncement(database, actor, body.id, locale);
      return null;
    },
    'POST /ops/announcement/delete': async ({ body, actor, locale }) => {
      await deleteAnnouncement(database, actor, body.id, locale);
      return null;
    },
  });
