import type { Bilingual } from '../text.js';

/** Network detection and data cap texts. */
export const MONITORING_TEXTS = {
  'monitoring.cannotDetect.noService': { zh: '设备未开通服务（在库或已到期）', en: 'the device has no service (in stock or expired)' },
  'monitoring.cannotDetect.suspended': { zh: '设备已停机', en: 'the device is suspended' },
  'monitoring.cannotDetect.offline': { zh: '设备离线', en: 'the device is offline' },
  'monitoring.cannotDetect.running': { zh: '已有检测正在进行，请等待结果', en: 'a detection is already running, wait for its result' },
  'monitoring.commandFailed.device_timeout': { zh: '设备未及时响应', en: 'The device did not answer in time' },
  'monitoring.commandFailed.network_rejected': { zh: '网络拒绝了请求', en: 'The network rejected the request' },
  'monitoring.commandFailed.device_busy': { zh: '设备忙，请稍后再试', en: 'The device was busy, try again later' },
  'monitoring.commandFailed.no_service': { zh: '设备未开通服务', en: 'The device has no service' },
  'alarm.title.cap': {
    zh: '设备 {imei} 本月流量 {usageMb} MB 已达流量上限 {capMb} MB，已停机',
    en: 'Device {imei} used {usageMb} MB this month, reaching its data cap of {capMb} MB: suspended',
  },
} satisfies Record<string, Bilingual>;
