import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { ingestCompanyReports } from './ingest.js';

/** The device API: reports from devices or gateways of the key's company. */
export const ingestionHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /device/report': async ({ body, caller }) => {
      const { accepted, refused } = await ingestCompanyReports(database, caller.companyId, body.reports);
      return { accepted, refused: refused.length, refusals: refused };
    },
  });
