import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { DEVICE_REPORT_LIMITS, DEVICE_REPORT_PATH, zDeviceReportRequest, zDeviceReportResult } from './contract.js';
import { verifyDeviceCall } from './device-auth.js';
import { ingestCompanyReports } from './ingest.js';
import type { ConnectivityProvider } from './provider.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the company whose device key signed a device API call */
    deviceCompanyId?: string;
  }
}

/**
 * The device API (`/api/v1/device/...`): reports from devices or gateways, signed with the
 * company's device key. It lives outside the console prefix, so the console's permission table
 * does not apply; the key check runs before the body is validated.
 */
export const networkRoutes: FastifyPluginAsyncZod<{ database: Database; provider: ConnectivityProvider }> = async (app, { database }) => {
  app.post(
    DEVICE_REPORT_PATH,
    {
      schema: {
        tags: ['device-api'],
        summary: `Batched device reports (at most ${DEVICE_REPORT_LIMITS.reportsPerCall} per call), signed with the company's device key`,
        description:
          'Signed like console calls (docs/api.md) with X-Token = the device key id and the key secret as secretKey. ' +
          'Reports for IMEIs the company does not hold, devices without service or times outside the window are refused one by one; see docs/network.md.',
        security: [{ token: [], sign: [] }],
        body: zDeviceReportRequest,
        response: { 200: envelope(zDeviceReportResult) },
      },
      preValidation: async (req) => {
        req.deviceCompanyId = await verifyDeviceCall(database, req);
      },
    },
    async (req) => {
      const { accepted, refused } = await ingestCompanyReports(database, req.deviceCompanyId as string, req.body.reports);
      return ok(req, { accepted, refused: refused.length, refusals: refused });
    },
  );
};
