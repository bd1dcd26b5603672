import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { addFeedback, handleFeedback, listFeedback } from './inbox.js';

export const feedbackHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/feedback/add': async ({ body, caller, actor }) => {
      await addFeedback(database, actor, caller, { feedback: body.feedback, source: body.source });
      return null;
    },
  });

/** The back office's feedback inbox. */
export const feedbackOpsHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /ops/feedback/list': ({ body }) => listFeedback(database, body),
    'POST /ops/feedback/handle': async ({ body, actor }) => {
      await handleFeedback(database, actor, body.id);
      return null;
    },
  });
