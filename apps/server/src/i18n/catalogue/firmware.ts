import type { Bilingual } from '../text.js';

/** Firmware texts: why a file cannot be published. */
export const FIRMWARE_TEXTS = {
  'firmware.refused.empty': { zh: '请选择固件文件', en: 'choose a firmware file' },
  'firmware.refused.extension': { zh: '文件类型须为 {extensions}', en: 'the file must be one of {extensions}' },
  'firmware.refused.name': { zh: '文件名过长或含有不允许的字符', en: 'the file name is too long or has characters that are not allowed' },
} satisfies Record<string, Bilingual>;
