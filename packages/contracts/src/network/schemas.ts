import { z } from 'zod';
import { field } from '../core/labels.js';
import { DOMAIN_RE, MONITORING_LIMITS } from '../monitoring/constants.js';
import { IMEI_RE } from '../shared/limits.js';
import { DEVICE_REPORT_LIMITS, REPORT_REFUSALS } from './constants.js';

/**
 * A measurement of the device's link to a domain (a monitoring strategy's probe, or the answer to
 * a detection command): packet loss in percent, round-trip delay and jitter in ms, both null when
 * nothing came back; `reachable: false` when the domain could not be resolved or reached at all.
 */
export const zProbe = z.object({
  domain: field('拨测域名', 'ping domain', z.string().trim().toLowerCase().max(253).regex(DOMAIN_RE)),
  packetLoss: field('丢包率', 'packet loss', z.number().min(0).max(100)),
  delay: field('时延', 'delay', z.number().int().min(0).max(60_000).nullable()),
  jitter: field('抖动', 'jitter', z.number().int().min(0).max(60_000).nullable()),
  reachable: field('可达', 'reachable', z.boolean()).default(true),
  /** the detection this measurement answers (from the detection command) */
  detectionId: field('检测', 'detection', z.uuid()).optional(),
});
export type TProbe = z.infer<typeof zProbe>;

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
  /** link measurements taken with this report (monitoring strategies, detections) */
  probes: field('拨测结果', 'probes', z.array(zProbe).max(MONITORING_LIMITS.probesPerReport)).optional(),
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
