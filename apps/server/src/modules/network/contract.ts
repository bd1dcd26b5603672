import { IMEI_RE } from '@rrp/contracts';
import { z } from 'zod';

/** The device API: reports from devices or gateways, signed with the company's device key. */
export const DEVICE_API_PREFIX = '/api/v1/device';
export const DEVICE_REPORT_PATH = `${DEVICE_API_PREFIX}/report`;
export const DEVICE_REPORT_LIMITS = { reportsPerCall: 1_000, bytesPerReportMax: 1e12 } as const;

export const zDeviceReport = z.object({
  imei: z.string().regex(IMEI_RE),
  /** when the device measured, ISO 8601 with an offset (UTC recommended) */
  at: z.iso.datetime({ offset: true }),
  /** bytes used since the device's previous report */
  bytes: z.number().int().min(0).max(DEVICE_REPORT_LIMITS.bytesPerReportMax),
  online: z.boolean(),
  signalLevel: z.number().int().min(0).max(5).optional(),
  operator: z.string().trim().min(1).max(40).optional(),
  networkType: z.string().trim().min(1).max(20).optional(),
  area: z.string().trim().min(1).max(60).optional(),
});
export type TDeviceReport = z.infer<typeof zDeviceReport>;

export const zDeviceReportRequest = z.object({ reports: z.array(zDeviceReport).min(1).max(DEVICE_REPORT_LIMITS.reportsPerCall) });
export type TDeviceReportRequest = z.infer<typeof zDeviceReportRequest>;

export const zDeviceReportResult = z.object({
  accepted: z.number().int(),
  refused: z.number().int(),
  /** each refused report: its position in `reports`, its IMEI and why */
  refusals: z.array(z.object({ index: z.number().int(), imei: z.string(), reason: z.enum(['unknown_imei', 'inactive', 'bad_time']) })),
});
