import type { NetworkOperatorCode } from '@rrp/contracts';
import type { TFunction } from 'i18next';
import { labelOf } from '../devices/labels';
import type { AtCardState } from './api';

/** Tag colours of the slot states; only colours whose contrast global.css fixes. */
export const AT_STATE_COLOR: Record<AtCardState, string> = { active: 'green', standby: 'blue', empty: 'default' };

export const atStateLabel = (t: TFunction, s: AtCardState) => t(`atcards:state.${s}`);

/** An operator's name in the reader's language, from its PLMN code (the devices catalogue). */
export const atOperatorLabel = (t: TFunction, code: NetworkOperatorCode | null) => labelOf(t, 'operator', code);
