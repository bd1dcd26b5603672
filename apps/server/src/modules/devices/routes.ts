import multipart from '@fastify/multipart';
import {
  API_PREFIX,
  REGIONS,
  zAutoRenewRequest,
  zDeviceActionResult,
  zDeviceDetail,
  zDeviceList,
  zDeviceListRequest,
  zGroupAdd,
  zGroupIdRequest,
  zGroupList,
  zGroupMove,
  zGroupRename,
  zImeiRequest,
  zImportLogList,
  zImportTask,
  zImportTaskRequest,
  zLicenseCount,
  zMigrateRequest,
  zMigrateResult,
  zPageRequest,
  zRenewResult,
} from '@rrp/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { memberOf } from '../../plugins/auth.js';
import { emptyEnvelope, envelope, ok } from '../../plugins/envelope.js';
import { AppError } from '../../plugins/errors.js';
import { renewDevice } from '../licenses/renewal.js';
import { licenseCount } from '../licenses/repository.js';
import type { CommandKind, ConnectivityProvider } from '../network/provider.js';
import { migrateDevices, sendCommand, setAutoRenew } from './actions.js';
import { exportDays, streamUsageXlsx } from './export.js';
import { addGroup, deleteGroup, listGroups, moveToGroup, renameGroup } from './groups.js';
import { failuresXlsx, findTask, listTasks, readImportFile, runImport, taskFailures, templateXlsx } from './import.js';
import { deviceDetail, listDevices } from './repository.js';
import { XLSX_LIMITS } from './xlsx-guard.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendXlsx(reply: FastifyReply, filename: string, body: Buffer | NodeJS.ReadableStream) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The device and License API: import, list, detail and commands, renewal, migration, groups
 * and the usage export. Every query is scoped to the caller's company subtree.
 */
export const deviceRoutes: FastifyPluginAsyncZod<{ database: Database; provider: ConnectivityProvider }> = async (app, { database, provider }) => {
  const tags = ['devices'];
  // multipart only here (encapsulated): one file, a few small fields, nothing large
  await app.register(multipart, {
    limits: { fileSize: XLSX_LIMITS.uploadBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 },
  });

  app.post(
    `${API_PREFIX}/license/query/count`,
    { schema: { tags, summary: 'License stock, Licenses in use, expiring and reserved', response: { 200: envelope(zLicenseCount) } } },
    async (req) => {
      const a = memberOf(req);
      return ok(req, await licenseCount(database, a.companyId, a.companyPath));
    },
  );

  // ---- import
  app.post(
    `${API_PREFIX}/device/import`,
    {
      schema: {
        tags,
        summary: 'Import devices from an xlsx file (multipart: region, file; signed with an empty body hash)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(zImportTask) },
      },
    },
    async (req) => {
      const a = memberOf(req);
      let region: string | undefined;
      let file: { name: string; buf: Buffer } | undefined;
      if (req.isMultipart()) {
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              const buf = await part.toBuffer();
              if (part.fieldname === 'file' && !file) file = { name: part.filename ?? '', buf };
            } else if (part.fieldname === 'region') region = String(part.value ?? '').trim();
          }
        } catch (e) {
          const code = (e as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(29011);
          if (code?.startsWith('FST_')) throw new AppError(23005);
          throw e;
        }
      }
      if (!region) throw new AppError(23007);
      if (!(REGIONS as readonly string[]).includes(region)) throw new AppError(28002, undefined, 'region');
      if (!file || file.buf.length === 0) throw new AppError(23004);
      if (!/\.xlsx$/i.test(file.name)) throw new AppError(23005);
      const rows = await readImportFile(file.buf);
      return ok(req, await runImport(database, provider, a, { name: file.name, region, rows }));
    },
  );

  app.get(`${API_PREFIX}/device/import/template`, { schema: { tags, summary: 'The import template (xlsx, in the caller’s language)' } }, async (req, reply) => {
    memberOf(req);
    const name = req.locale === 'en' ? 'device-import-template.xlsx' : '设备导入模板.xlsx';
    return sendXlsx(reply, name, await templateXlsx(req.locale));
  });

  app.post(
    `${API_PREFIX}/device/import/log/list`,
    { schema: { tags, summary: 'Import logs, newest first', body: zPageRequest, response: { 200: envelope(zImportLogList) } } },
    async (req) => ok(req, await listTasks(database, memberOf(req).companyPath, req.body.pageNum, req.body.pageSize)),
  );

  app.post(
    `${API_PREFIX}/device/import/task`,
    { schema: { tags, summary: 'One import task (poll it for progress)', body: zImportTaskRequest, response: { 200: envelope(zImportTask) } } },
    async (req) => {
      const task = await findTask(database, memberOf(req).companyPath, req.body.id);
      if (!task) throw new AppError(29012);
      return ok(req, task);
    },
  );

  app.get(
    `${API_PREFIX}/device/import/failures/:taskId`,
    { schema: { tags, summary: 'The refused rows of an import, with their reason (xlsx)', params: z.object({ taskId: z.string().uuid() }) } },
    async (req, reply) => {
      const t = await taskFailures(database, memberOf(req).companyPath, req.params.taskId);
      if (!t) throw new AppError(29012);
      const base = t.name.replace(/\.xlsx$/i, '');
      return sendXlsx(reply, `${base}-${req.locale === 'en' ? 'failures' : '失败明细'}.xlsx`, await failuresXlsx(t.failures, req.locale));
    },
  );

  // ---- list, detail, commands
  app.post(
    `${API_PREFIX}/device/list`,
    { schema: { tags, summary: 'Devices of the company and its sub-companies', body: zDeviceListRequest, response: { 200: envelope(zDeviceList) } } },
    async (req) => ok(req, await listDevices(database, memberOf(req).companyPath, req.body)),
  );

  app.post(
    `${API_PREFIX}/device/detail`,
    { schema: { tags, summary: 'A device, its operations and usage', body: zImeiRequest, response: { 200: envelope(zDeviceDetail) } } },
    async (req) => ok(req, await deviceDetail(database, memberOf(req).companyPath, req.body.imei)),
  );

  const commands: [string, CommandKind][] = [
    ['suspend', 'suspend'],
    ['unsuspend', 'unsuspend'],
    ['switchCard', 'switch_card'],
    ['sync', 'sync'],
  ];
  for (const [path, kind] of commands) {
    app.post(
      `${API_PREFIX}/device/${path}`,
      { schema: { tags, summary: `Send the ${kind} command`, body: zImeiRequest, response: { 200: envelope(zDeviceActionResult) } } },
      async (req) => ok(req, await sendCommand(database, provider, memberOf(req), req.body.imei, kind, req.locale)),
    );
  }

  app.post(
    `${API_PREFIX}/device/license/renew`,
    { schema: { tags, summary: 'Renew the License by one year (uses one stock License)', body: zImeiRequest, response: { 200: envelope(zRenewResult) } } },
    async (req) => ok(req, await renewDevice(database, provider, memberOf(req), req.body.imei)),
  );

  app.post(
    `${API_PREFIX}/device/autoRenew`,
    { schema: { tags, summary: 'Turn auto-renewal on or off', body: zAutoRenewRequest, response: { 200: emptyEnvelope } } },
    async (req) => {
      await setAutoRenew(database, memberOf(req), req.body.imei, req.body.autoRenew);
      return ok(req, null);
    },
  );

  app.post(
    `${API_PREFIX}/device/migrate`,
    { schema: { tags, summary: 'Move devices to a company of the tree', body: zMigrateRequest, response: { 200: envelope(zMigrateResult) } } },
    async (req) => ok(req, { moved: await migrateDevices(database, memberOf(req), req.body.imeis, req.body.companyId) }),
  );

  app.get(
    `${API_PREFIX}/device/export`,
    {
      schema: {
        tags,
        summary: 'Usage per device per day (xlsx, streamed)',
        querystring: z.object({ mode: z.enum(['day', 'month', 'custom']), start: z.string().max(20), end: z.string().max(20) }),
      },
    },
    async (req, reply) => {
      const a = memberOf(req);
      const { mode, start, end } = req.query;
      const days = exportDays(mode, start, end);
      const body = streamUsageXlsx(database, a.companyPath, days, req.locale, (err) => req.log.error({ err }, 'export failed'));
      return sendXlsx(reply, `device-usage_${days[0]}_${days[days.length - 1]}.xlsx`, body);
    },
  );

  // ---- groups
  app.post(`${API_PREFIX}/device/group/list`, { schema: { tags, summary: 'Device groups', response: { 200: envelope(zGroupList) } } }, async (req) =>
    ok(req, { list: await listGroups(database, memberOf(req).companyId, req.locale) }),
  );
  app.post(
    `${API_PREFIX}/device/group/add`,
    { schema: { tags, summary: 'Add a group', body: zGroupAdd, response: { 200: envelope(z.object({ id: z.string() })) } } },
    async (req) => ok(req, { id: await addGroup(database, memberOf(req).companyId, req.body.name) }),
  );
  app.post(
    `${API_PREFIX}/device/group/rename`,
    { schema: { tags, summary: 'Rename a group', body: zGroupRename, response: { 200: emptyEnvelope } } },
    async (req) => {
      await renameGroup(database, memberOf(req).companyId, req.body.id, req.body.name);
      return ok(req, null);
    },
  );
  app.post(
    `${API_PREFIX}/device/group/delete`,
    { schema: { tags, summary: 'Delete an empty group', body: zGroupIdRequest, response: { 200: emptyEnvelope } } },
    async (req) => {
      await deleteGroup(database, memberOf(req).companyId, req.body.id);
      return ok(req, null);
    },
  );
  app.post(
    `${API_PREFIX}/device/group/move`,
    { schema: { tags, summary: 'Move devices into a group', body: zGroupMove, response: { 200: envelope(z.object({ moved: z.number().int() })) } } },
    async (req) => ok(req, { moved: await moveToGroup(database, memberOf(req).companyId, req.body.groupId, req.body.imeis) }),
  );
};
