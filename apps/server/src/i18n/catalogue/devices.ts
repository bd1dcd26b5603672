import { DEVICE_TIMING } from '@rrp/contracts';
import type { Bilingual } from '../text.js';

/** Device texts: precise error texts, command hints, import failure reasons, spreadsheet labels. */
export const DEVICE_TEXTS = {
  'devices.importLimit': {
    zh: 'License 库存不足（已为本月自动续费预留），本次最多可导入 {count} 台设备',
    en: 'Not enough Licenses in stock (some are reserved for this month’s auto-renewals): at most {count} devices can be imported now',
  },
  'devices.exportBadDate': { zh: '导出日期不合法，格式为 YYYY-MM-DD', en: 'The export date is invalid: use YYYY-MM-DD' },
  'devices.exportStartAfterEnd': { zh: '开始日期不能晚于结束日期', en: 'The start date must not be after the end date' },
  'devices.exportDayMax': { zh: '按日导出最多 {max} 天', en: 'Day mode exports at most {max} days' },
  'devices.exportMonthCross': { zh: '按月导出不能跨月', en: 'Month mode cannot cross months' },
  'devices.exportCustomMax': { zh: '自定义导出最多 {max} 天', en: 'Custom exports cover at most {max} days' },

  'devices.hint.suspend': { zh: '停机指令已发送，请稍后刷新查看结果', en: 'The suspend command was sent: refresh in a moment to see the result' },
  'devices.hint.unsuspend': {
    zh: '复机指令已发送，设备可能需要重启多次才能恢复',
    en: 'The unsuspend command was sent: the device may need several restarts to recover',
  },
  'devices.hint.switchCard': { zh: '切卡指令已发送，请刷新页面查看结果', en: 'The switch command was sent: refresh the page to see the result' },
  'devices.hint.sync': {
    zh: `同步指令已发送，约 ${DEVICE_TIMING.syncResultMs / 1000} 秒后可查看结果`,
    en: `The sync command was sent: the result is available after about ${DEVICE_TIMING.syncResultMs / 1000} seconds`,
  },

  'devices.switchAlready.physical_card': { zh: '设备已在使用实体卡，无需切换到实体卡', en: 'The device is already on its physical card' },
  'devices.switchAlready.esim': { zh: '设备已在使用 eSIM，无需切换到 eSIM', en: 'The device is already on eSIM' },
  'devices.switchNoService': {
    zh: '设备无服务（库存或服务已到期），不能切换卡',
    en: 'The device has no service (in stock or expired): its card cannot be switched',
  },

  'devices.defaultGroup': { zh: '默认分组', en: 'Default group' },

  'devices.failure.imei_format': { zh: 'IMEI 错误，应为 15 位数字', en: 'Wrong IMEI: it must be 15 digits' },
  'devices.failure.name_too_long': { zh: '设备名称超过 30 个字符', en: 'The device name is longer than 30 characters' },
  'devices.failure.duplicate_in_file': { zh: '文件内 IMEI 重复', en: 'Duplicate IMEI in the file' },
  'devices.failure.already_imported': { zh: '设备已导入本账号', en: 'Already imported into this account' },
  'devices.failure.other_company': { zh: '设备已属于其他账号', en: 'The device belongs to another account' },

  'devices.sheet.template': { zh: '设备', en: 'Devices' },
  'devices.sheet.failures': { zh: '失败明细', en: 'Failures' },
  'devices.sheet.usage': { zh: '用量（MB）', en: 'Usage (MB)' },
  'devices.column.imei': { zh: 'IMEI', en: 'IMEI' },
  'devices.column.nameHint': { zh: '设备名称（可选，最多 30 个字符）', en: 'Device name (optional, up to 30 characters)' },
  'devices.column.name': { zh: '设备名称', en: 'Device name' },
  'devices.column.row': { zh: '行号', en: 'Row' },
  'devices.column.reason': { zh: '失败原因', en: 'Reason' },
  'devices.column.total': { zh: '合计（MB）', en: 'Total (MB)' },
  'devices.example': { zh: '示例设备', en: 'Example device' },
  'devices.file.template': { zh: '设备导入模板.xlsx', en: 'device-import-template.xlsx' },
  'devices.file.failures': { zh: '{base}-失败明细.xlsx', en: '{base}-failures.xlsx' },
  'devices.file.usage': { zh: '设备用量_{start}_{end}.xlsx', en: 'device-usage_{start}_{end}.xlsx' },
} satisfies Record<string, Bilingual>;
