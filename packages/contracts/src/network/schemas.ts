import { z } from 'zod';
import { field } from '../core/labels.js';
import { IMEI_RE } from '../shared/limits.js';
import { DEVICE_REPORT_LIMITS, REPORT_REFUSALS } from './constants.js';

export const zDeviceReport = z.object({
  imei: field('IMEI', 'IMEI', z.string().regex(IMEI_RE)),
  /** when the device measured, ISO 8601 with an offset (UTC recommended) */
  at: field('上报时间', 'time', z.iso.datetime({ offset: true })),
  /** bytes used since the device's previous report */
  bytes: field('流量字节数', 'bytes', z.number().int().min(0).max(DEVICE_REPORT_LIMITS.bytesPerReportMax)),
  online: field('在线状态', 'online', z.boolean()),
  signalLevel: field('信号等级', 'signal level', z.number().int().min(0).max(5)).optional(),
  /** the mobile network operator the device is attached to */
  networkOperator: field('运营商', 'network operator', z.string().trim().min(1).max(40)).optional(),
  networkType: field('网络类型', 'network type', z.string().trim().min(1).max(20)).optional(),
  area: field('区域', 'area', z.string().trim().min(1).max(60)).optional(),
});
export type TDeviceReport = z.infer<typeof zDeviceReport>;

export const zDeviceReportRequest = z.object({
  reports: field('上报', 'reports', z.array(zDeviceReport).min(1).max(DEVICE_REPORT_LIMITS.reportsPerCall)),
});
export type TDeviceReportRequest = z.infer<typeof zDeviceReportRequest>;

export const zDeviceReportResult = z.object({
  accepted: z.number().int(),
  refused: z.number().int(),
  /** each refused report: its position in `reports`, its IMEI and why */
  refusals: z.array(z.object({ index: z.number().int(), imei: z.string(), reason: z.enum(REPORT_REFUSALS) })),
});
