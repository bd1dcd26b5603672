import type { Bilingual } from '../text.js';

/** Alarm titles (rendered from an alarm's params in the reader's language) and the alarm download. */
export const ALARM_TEXTS = {
  'alarm.period.day': { zh: '日', en: 'day' },
  'alarm.period.week': { zh: '周', en: 'week' },
  'alarm.period.month': { zh: '月', en: 'month' },
  'alarm.title.device.major': {
    zh: '设备 {imei} 本{period}流量 {usageMb} MB，已达到告警阈值 {thresholdMb} MB（{setting}）',
    en: 'Device {imei} used {usageMb} MB this {period}, reaching the threshold of {thresholdMb} MB ({setting})',
  },
  'alarm.title.device.critical': {
    zh: '设备 {imei} 本{period}流量 {usageMb} MB，已达到紧急阈值 {urgentMb} MB（{setting}）',
    en: 'Device {imei} used {usageMb} MB this {period}, reaching the urgent threshold of {urgentMb} MB ({setting})',
  },
  'alarm.title.pool.warning': {
    zh: '流量池剩余 {remainingMb} MB，已不高于预警值 {value} MB',
    en: 'The data pool has {remainingMb} MB left, at or below the warning value of {value} MB',
  },
  'alarm.title.pool.critical': {
    zh: '流量池剩余 {remainingMb} MB，已不高于告警值 {value} MB',
    en: 'The data pool has {remainingMb} MB left, at or below the alarm value of {value} MB',
  },
  'alarm.file': { zh: '告警设备_{alarmNo}.xlsx', en: 'alarm-devices_{alarmNo}.xlsx' },
  'alarm.sheet': { zh: '告警设备', en: 'Devices' },
  'alarm.column.name': { zh: '设备名称', en: 'Device name' },
  'alarm.column.group': { zh: '设备分组', en: 'Group' },
  'alarm.column.company': { zh: '所属公司', en: 'Company' },
  'alarm.column.usageMb': { zh: '周期内流量（MB）', en: 'Usage in the period (MB)' },
  'alarm.column.monthUsageMb': { zh: '本月流量（MB）', en: 'Usage this month (MB)' },
  'alarm.column.thresholdMb': { zh: '告警阈值（MB）', en: 'Threshold (MB)' },
  'alarm.column.urgentMb': { zh: '紧急阈值（MB）', en: 'Urgent threshold (MB)' },
  'alarm.column.windowStart': { zh: '周期开始（UTC）', en: 'Period start (UTC)' },
} satisfies Record<string, Bilingual>;
