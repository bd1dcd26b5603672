import type { Bilingual } from '../text.js';

/** AC (activation code) texts: states as a refusal names them, operators, the import template. */
export const AC_TEXTS = {
  'ac.status.IDLE': { zh: '空闲（未绑定设备）', en: 'idle (not bound to a device)' },
  'ac.status.ASSIGNED': { zh: '已绑定设备，请先解绑', en: 'bound to a device, unbind it first' },
  'ac.status.ORDER_EXISTED': { zh: '已有订单', en: 'an order exists for it' },
  'ac.status.ORDER_INVALID': { zh: '订单已失效', en: 'its order is invalid' },
  'ac.status.DELETED': { zh: '已删除', en: 'deleted' },
  'ac.operator.46000': { zh: '中国移动', en: 'China Mobile' },
  'ac.operator.46001': { zh: '中国联通', en: 'China Unicom' },
  'ac.operator.46011': { zh: '中国电信', en: 'China Telecom' },
  'ac.sheet.template': { zh: 'AC 导入', en: 'AC import' },
  'ac.column.code': { zh: 'AC 码', en: 'AC code' },
  'ac.column.imei': { zh: 'IMEI（与 EID 二选一）', en: 'IMEI (or EID, not both)' },
  'ac.column.eid': { zh: 'EID（与 IMEI 二选一）', en: 'EID (or IMEI, not both)' },
  'ac.column.iccid': { zh: 'ICCID（可选）', en: 'ICCID (optional)' },
  'ac.column.operator': {
    zh: '运营商（中国移动、中国联通、中国电信或 PLMN 代码）',
    en: 'Operator (China Mobile, China Unicom, China Telecom or the PLMN code)',
  },
  'ac.file.template': { zh: 'AC导入模板.xlsx', en: 'ac-import-template.xlsx' },
  'ac.file.tooMuch': {
    zh: '文件内容过多，无法读取：请只保留模板的五列',
    en: 'The file holds too much to read: keep only the five columns of the template',
  },
} satisfies Record<string, Bilingual>;
