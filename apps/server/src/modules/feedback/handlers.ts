import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';

export const feedbackHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/feedback/add': async ({ body, caller }) => {
      await database.rows(
        sql`INSERT INTO feedback (company_id, user_id, text, source) VALUES (${caller.companyId}, ${caller.userId}, ${body.feedback}, ${body.source})`,
      );
      return null;
    },
  });
