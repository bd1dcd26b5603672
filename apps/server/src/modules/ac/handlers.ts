import type { Database } from '../../db/client.js';
import { type FileReply, handlers } from '../../http/handler.js';
import { t } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import type { ConnectivityProvider } from '../network/index.js';
import { importAcs } from './import.js';
import { acTemplateXlsx, readAcFile } from './import-file.js';
import { acLicenseCount } from './licenses.js';
import { bindAc, deleteAc, listAcs, unbindAc } from './records.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The AC list of the caller's company (spec section 2, /ac-list): import, bind, unbind, delete, AC Licenses. docs/ac.md. */
export const acHandlers = ({ database, provider }: { database: Database; provider: ConnectivityProvider }) =>
  handlers({
    'POST /rrp/ac/list': ({ scope, body }) => listAcs(database, scope, body),

    'POST /rrp/ac/import': async ({ upload, scope, caller, actor }) => {
      const file = upload.files.file;
      if (!file || file.data.length === 0) throw new AppError(23004);
      if (!/\.xlsx$/i.test(file.filename)) throw new AppError(23005);
      const rows = await readAcFile(file.data);
      return importAcs(database, { companyId: scope.companyId, userId: caller.userId, actor }, { name: file.filename, count: upload.fields.count, rows });
    },

    'GET /rrp/ac/import/template': async ({ locale }): Promise<FileReply> => ({
      contentType: XLSX_TYPE,
      filename: t(locale, 'ac.file.template'),
      body: await acTemplateXlsx(locale),
    }),

    'POST /rrp/ac/bind': ({ scope, caller, actor, locale, body }) => bindAc(database, provider, { scope, userId: caller.userId, actor, locale }, body),
    'POST /rrp/ac/unbind': ({ scope, caller, actor, locale, body }) => unbindAc(database, { scope, userId: caller.userId, actor, locale }, body.acCode),
    'POST /rrp/ac/delete': ({ scope, caller, actor, locale, body }) => deleteAc(database, { scope, userId: caller.userId, actor, locale }, body.acCode),
    'POST /rrp/ac/license/count': ({ scope }) => acLicenseCount(database, scope.companyId),
  });
