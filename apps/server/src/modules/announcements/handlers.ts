import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { AppError } from '../../plugins/errors.js';
import { findAnnouncement, listAnnouncements, markAnnouncement, toBrief } from './repository.js';

export const announcementHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/announcement/list': async ({ body, caller, locale }) => {
      const { pageNum, pageSize } = body;
      const { total, rows } = await listAnnouncements(database, caller.userId, (pageNum - 1) * pageSize, pageSize);
      return { total, list: rows.map((r) => toBrief(r, locale)) };
    },

    'POST /rrp/announcement/detail': async ({ body, caller, locale }) => {
      const found = await findAnnouncement(database, caller.userId, body.id);
      if (!found) throw new AppError(29012);
      return { item: toBrief(found.row, locale), prevId: found.prevId, nextId: found.nextId };
    },

    'POST /rrp/announcement/mark': async ({ body, caller }) => {
      if (!(await markAnnouncement(database, caller.userId, body.id, body.read))) throw new AppError(29012);
      return null;
    },
  });
