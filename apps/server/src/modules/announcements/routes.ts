import { API_PREFIX, zAnnouncementDetail, zAnnouncementDetailRequest, zAnnouncementList, zAnnouncementMark, zPageRequest } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { authOf } from '../../plugins/auth.js';
import { emptyEnvelope, envelope, ok } from '../../plugins/envelope.js';
import { AppError } from '../../plugins/errors.js';
import { findAnnouncement, listAnnouncements, toBrief } from '../account/repository.js';

export const announcementRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const tags = ['announcements'];

  app.post(
    `${API_PREFIX}/announcement/list`,
    { schema: { tags, summary: 'Announcements, newest first', body: zPageRequest, response: { 200: envelope(zAnnouncementList) } } },
    async (req) => {
      const { pageNum, pageSize } = req.body;
      const { total, rows } = await listAnnouncements(database, authOf(req).userId, (pageNum - 1) * pageSize, pageSize);
      return ok(req, { total, list: rows.map((r) => toBrief(r, req.locale)) });
    },
  );

  app.post(
    `${API_PREFIX}/announcement/detail`,
    {
      schema: {
        tags,
        summary: 'One announcement with its previous and next',
        body: zAnnouncementDetailRequest,
        response: { 200: envelope(zAnnouncementDetail) },
      },
    },
    async (req) => {
      const found = await findAnnouncement(database, authOf(req).userId, req.body.id);
      if (!found) throw new AppError(29012);
      return ok(req, { item: toBrief(found.row, req.locale), prevId: found.prevId, nextId: found.nextId });
    },
  );

  app.post(
    `${API_PREFIX}/announcement/mark`,
    { schema: { tags, summary: 'Mark an announcement read or unread', body: zAnnouncementMark, response: { 200: emptyEnvelope } } },
    async (req) => {
      const userId = authOf(req).userId;
      const exists = await database.rows(sql`SELECT 1 FROM announcements WHERE id = ${req.body.id} AND published_at <= now()`);
      if (!exists.length) throw new AppError(29012);
      if (req.body.read) {
        await database.rows(sql`INSERT INTO announcement_reads (announcement_id, user_id) VALUES (${req.body.id}, ${userId}) ON CONFLICT DO NOTHING`);
      } else {
        await database.rows(sql`DELETE FROM announcement_reads WHERE announcement_id = ${req.body.id} AND user_id = ${userId}`);
      }
      return ok(req, null);
    },
  );
};
