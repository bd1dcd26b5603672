import { API_PREFIX, zFeedbackAdd } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { authOf } from '../../plugins/auth.js';
import { emptyEnvelope, ok } from '../../plugins/envelope.js';

export const feedbackRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.post(
    `${API_PREFIX}/feedback/add`,
    { schema: { tags: ['feedback'], summary: 'Send feedback (at most 400 characters)', body: zFeedbackAdd, response: { 200: emptyEnvelope } } },
    async (req) => {
      const a = authOf(req);
      await database.rows(
        sql`INSERT INTO feedback (company_id, user_id, text, source) VALUES (${a.companyId}, ${a.userId}, ${req.body.feedback}, ${req.body.source})`,
      );
      return ok(req, null);
    },
  );
};
