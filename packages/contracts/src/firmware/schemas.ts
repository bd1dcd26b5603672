import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zKeyword } from '../core/paging.js';
import { FIRMWARE_LIMITS as L } from './constants.js';

export const zFirmwareListRequest = z.object({
  moduleModel: field('模组型号', 'module model', z.string().trim().max(L.moduleModelMax)).optional(),
  keyword: zKeyword.optional(),
});
export const zFirmware = z.object({
  id: z.uuid(),
  version: z.string(),
  moduleModel: z.string(),
  /** release notes, in the language they were written in */
  releaseNotes: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** hex SHA-256 of the file */
  sha256: z.string(),
  downloads: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string(),
});
export type TFirmware = z.infer<typeof zFirmware>;
export const zFirmwareList = z.array(zFirmware);
export const zFirmwareDownloadQuery = z.object({ id: zId('固件', 'firmware') });

export const zFirmwareUploadFields = z.object({
  version: field(
    '版本',
    'version',
    z
      .string()
      .trim()
      .min(1)
      .max(L.versionMax)
      .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, { message: 'letters, digits, dot, dash, plus, underscore' }),
  ),
  moduleModel: field('模组型号', 'module model', z.string().trim().min(1).max(L.moduleModelMax)),
  releaseNotes: field('更新说明', 'release notes', z.string().trim().min(1).max(L.notesMax)),
});
export const zFirmwareId = z.object({ id: zId('固件', 'firmware') });
