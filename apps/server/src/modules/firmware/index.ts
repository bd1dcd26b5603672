import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { downloadFirmware, listFirmware, publishFirmware, withdrawFirmware } from './store.js';

/** Module firmware for members: the list and counted downloads (docs/firmware.md). */
export const firmwareHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /rrp/firmware/list': ({ body }) => listFirmware(database, body),
    'GET /rrp/firmware/download': async ({ query }) => {
      const file = await downloadFirmware(database, query.id);
      return { contentType: 'application/octet-stream', filename: file.fileName, body: file.content, cacheControl: 'no-store' };
    },
  });

/** The back office publishes and withdraws firmware. */
export const firmwareOpsHandlers = ({ database }: { database: Database }) =>
  handlers({
    'POST /ops/firmware/list': ({ body }) => listFirmware(database, body),
    'POST /ops/firmware/upload': ({ upload, actor, caller, locale }) =>
      publishFirmware(database, locale, actor, caller.userId, upload.fields, upload.files.file),
    'POST /ops/firmware/delete': async ({ body, actor }) => {
      await withdrawFirmware(database, actor, body.id);
      return null;
    },
  });
