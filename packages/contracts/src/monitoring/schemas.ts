import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zKeyword, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { DEVICE_STATUSES } from '../devices/constants.js';
import { IMEI_RE } from '../shared/limits.js';
import { DETECTION_STATES, DOMAIN_RE, MONITORING_LIMITS as L, QUALITY_GRADES, STRATEGY_MODES, STRATEGY_SWITCH_TO, STRATEGY_TYPES } from './constants.js';

const oneDecimal = (v: number) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6;

/** A ping domain: trimmed and lower-cased, then a host name or an IPv4 address. */
export const zDomain = field(
  '拨测域名',
  'ping domain',
  z.string().trim().toLowerCase().max(L.domainMax).regex(DOMAIN_RE, { message: 'a host name such as www.example.com, or an IPv4 address' }),
);

// ---- strategies

export const zStrategySave = z
  .object({
    id: zId('监控策略', 'strategy').optional(),
    name: field('策略名称', 'strategy name', z.string().trim().min(1).max(L.nameMax)),
    interval: field('监控间隔（分钟）', 'interval (minutes)', z.number().int().min(L.intervalMinMinutes).max(L.intervalMaxMinutes)),
    type: field('策略类型', 'type', z.enum(STRATEGY_TYPES)),
    domains: field('拨测域名', 'ping domains', z.array(zDomain).min(1).max(L.domainsMax)),
    quality: field('网络质量要求', 'network quality', z.enum(QUALITY_GRADES)),
    mode: field('切换模式', 'mode', z.enum(STRATEGY_MODES)),
    packetLoss: field('丢包率（%）', 'packet loss (%)', z.number().min(0).max(100).refine(oneDecimal, { message: 'at most one decimal' })),
    delay: field('时延（毫秒）', 'delay (ms)', z.number().int().min(1).max(L.delayMaxMs)),
    jitter: field('抖动（毫秒）', 'jitter (ms)', z.number().int().min(1).max(L.jitterMaxMs)),
    consecutive: field('连续失败次数', 'consecutive failures', z.number().int().min(L.consecutiveMin).max(L.consecutiveMax)).default(L.consecutiveDefault),
    switchTo: field('切换策略', 'switch to', z.enum(STRATEGY_SWITCH_TO)),
  })
  .refine((v) => (v.type === 'single' ? v.domains.length === 1 : v.domains.length >= L.domainsMin), {
    path: ['domains'],
    message: `one domain for a single-domain strategy, ${L.domainsMin} to ${L.domainsMax} for a multiple-domain one`,
  })
  .refine((v) => new Set(v.domains).size === v.domains.length, { path: ['domains'], message: 'each domain once' });
export type TStrategySave = z.infer<typeof zStrategySave>;

export const zStrategy = z.object({
  id: z.string(),
  name: z.string(),
  interval: z.number().int(),
  type: z.enum(STRATEGY_TYPES),
  domains: z.array(z.string()),
  quality: z.enum(QUALITY_GRADES),
  mode: z.enum(STRATEGY_MODES),
  packetLoss: z.number(),
  delay: z.number().int(),
  jitter: z.number().int(),
  consecutive: z.number().int(),
  switchTo: z.enum(STRATEGY_SWITCH_TO),
  deviceCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TStrategy = z.infer<typeof zStrategy>;

export const zStrategyListRequest = z.object({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
  name: zKeyword.optional(),
});
export const zStrategyList = zPage(zStrategy);
export const zStrategyIdRequest = z.object({ id: zId('监控策略', 'strategy') });

/** A card switch a strategy made, with the measurement that caused it. */
export const zStrategySwitch = z.object({
  imei: z.string(),
  at: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  status: z.enum(['pending', 'done', 'failed']),
  reason: z.object({
    domain: z.string(),
    packetLoss: z.number(),
    delay: z.number().nullable(),
    jitter: z.number().nullable(),
    failed: z.array(z.enum(['packetLoss', 'delay', 'jitter'])),
    probes: z.number().int(),
  }),
});
export type TStrategySwitch = z.infer<typeof zStrategySwitch>;

export const zStrategyDetail = z.object({
  strategy: zStrategy,
  /** the latest switches this strategy made, newest first (at most 20) */
  switches: z.array(zStrategySwitch),
});
export type TStrategyDetail = z.infer<typeof zStrategyDetail>;

const zImeis = field(
  'IMEI 列表',
  'IMEIs',
  z
    .array(z.string().regex(IMEI_RE))
    .max(L.devicesPerCall)
    .transform((a) => [...new Set(a)]),
);

/** Associates devices: `add` attaches them (leaving another strategy), `remove` detaches them, `set` makes them the whole list. */
export const zStrategyDevicesUpdate = z.object({
  id: zId('监控策略', 'strategy'),
  imeis: zImeis,
  action: field('操作', 'action', z.enum(['add', 'remove', 'set'])).default('add'),
});
export const zStrategyDevicesResult = z.object({ deviceCount: z.number().int(), changed: z.number().int() });

/** Devices of the company a strategy can be associated with (the form's device picker). */
export const zStrategyDeviceListRequest = z.object({
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
  keyword: zKeyword.optional(),
  /** only the devices on this strategy */
  strategyId: zId('监控策略', 'strategy').optional(),
});
export const zStrategyDevice = z.object({
  imei: z.string(),
  name: z.string(),
  status: z.enum(DEVICE_STATUSES),
  online: z.boolean(),
  networkOperator: z.string().nullable(),
  networkOperatorCode: z.string().nullable(),
  strategyId: z.string().nullable(),
  strategyName: z.string().nullable(),
  lastProbe: z.object({ at: z.string(), domain: z.string(), packetLoss: z.number(), delay: z.number().nullable(), jitter: z.number().nullable() }).nullable(),
});
export type TStrategyDevice = z.infer<typeof zStrategyDevice>;
export const zStrategyDeviceList = zPage(zStrategyDevice);

// ---- network detection

export const zDetectionStart = z.object({ imei: field('IMEI', 'IMEI', z.string().regex(IMEI_RE)), domain: zDomain });
export const zDetectionIdRequest = z.object({ id: zId('检测', 'detection') });
export const zDetectionListRequest = z.object({ imei: field('IMEI', 'IMEI', z.string().regex(IMEI_RE)) });

export const zDetection = z.object({
  id: z.string(),
  imei: z.string(),
  domain: z.string(),
  state: z.enum(DETECTION_STATES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** the measurement, once the device reported it */
  result: z
    .object({
      packetLoss: z.number(),
      delay: z.number().nullable(),
      jitter: z.number().nullable(),
      grade: z.enum(QUALITY_GRADES),
      networkOperator: z.string().nullable(),
      networkOperatorCode: z.string().nullable(),
      signalLevel: z.number().int().nullable(),
    })
    .nullable(),
  /** why a detection failed (the command's failure reason) */
  failure: z.string().nullable(),
});
export type TDetection = z.infer<typeof zDetection>;
export const zDetectionList = z.object({ list: z.array(zDetection) });

// ---- hard data cap

/** A monthly cap in MB (null removes it) for the named devices or for one group of the caller's company. */
export const zDataCapUpdate = z
  .object({
    imeis: zImeis.optional(),
    groupId: zId('设备分组', 'device group').optional(),
    capMb: field('流量上限（MB）', 'data cap (MB)', z.number().int().min(L.capMinMb).max(L.capMaxMb).nullable()),
  })
  .refine((v) => (v.imeis?.length ? 1 : 0) + (v.groupId ? 1 : 0) === 1, { path: ['imeis'], message: 'either IMEIs or a group' });
export type TDataCapUpdate = z.infer<typeof zDataCapUpdate>;
export const zDataCapResult = z.object({ updated: z.number().int() });
