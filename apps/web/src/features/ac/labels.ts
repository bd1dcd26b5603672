import type { AcOperatorCode, AcStatus } from '@rrp/contracts';
import type { TFunction } from 'i18next';
import { labelOf } from '../devices/labels';

/** Tag colours of the AC states; only colours whose contrast global.css fixes (not volcano). */
export const AC_STATUS_COLOR: Record<AcStatus, string> = {
  IDLE: 'green',
  ASSIGNED: 'blue',
  ORDER_EXISTED: 'gold',
  ORDER_INVALID: 'red',
  DELETED: 'default',
};

export const acStatusLabel = (t: TFunction, s: AcStatus) => t(`ac:status.${s}`);

/** An operator's name in the reader's language, from its PLMN code (the devices catalogue). */
export const acOperatorLabel = (t: TFunction, code: AcOperatorCode | null) => labelOf(t, 'operator', code);
