import type { Bilingual } from '../text.js';

/** AT card texts: why a device cannot take an AT command now (the {reason} of 36002). */
export const AT_CARD_TEXTS = {
  'atCards.reason.noService': { zh: '设备未开通服务或服务已过期', en: 'the device has no service (in stock or expired)' },
  'atCards.reason.pending': { zh: '上一条 AT 指令尚未完成', en: 'the previous AT command has not finished' },
  'atCards.reason.emptySlot': { zh: '卡槽 {slot} 没有插卡', en: 'slot {slot} is empty' },
  'atCards.reason.alreadyActive': { zh: '设备已在使用卡槽 {slot}', en: 'already on slot {slot}' },
} as const satisfies Record<string, Bilingual>;
