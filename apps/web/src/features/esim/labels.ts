import type { TFunction } from 'i18next';
import { labelOf } from '../devices/labels';
import type { EsimState, NetworkOperatorCode, ProfileState, TDeviceOperation } from './api';

/** Tag colours; only colours whose contrast global.css fixes (not volcano). */
export const ESIM_STATE_COLOR: Record<EsimState, string> = { activated: 'green', paused: 'gold' };
export const PROFILE_STATE_COLOR: Record<ProfileState, string> = { enabled: 'green', disabled: 'default', deleted: 'red' };
export const OP_STATUS_COLOR: Record<TDeviceOperation['status'], string> = { pending: 'processing', done: 'success', failed: 'error' };

export const esimStateLabel = (t: TFunction, s: EsimState) => t(`esim:state.${s}`);
export const profileStateLabel = (t: TFunction, s: ProfileState) => t(`esim:profileState.${s}`);

/** An operator's name in the reader's language, from its PLMN code (the devices catalogue). */
export const esimOperatorLabel = (t: TFunction, code: NetworkOperatorCode | string | null) => labelOf(t, 'operator', code);

/** An operation's name (the device operation log's labels, which know the eSIM actions). */
export const operationLabel = (t: TFunction, action: string) => labelOf(t, 'opAction', action);

type OpDetail = { code?: unknown; iccid?: unknown };
const asDetail = (detail: unknown): OpDetail => (detail && typeof detail === 'object' ? (detail as OpDetail) : {});

/** The ICCID an operation was on, when its detail says. */
export function operationIccid(detail: unknown): string | null {
  const v = asDetail(detail).iccid;
  return typeof v === 'string' && v ? v : null;
}

/** Why a failed command failed: the text of its 51xxx code in the reader's language (the code itself if unknown). */
export function failureText(t: TFunction, op: Pick<TDeviceOperation, 'status' | 'detail'>): string | null {
  if (op.status !== 'failed') return null;
  const code = asDetail(op.detail).code;
  if (typeof code !== 'number' && typeof code !== 'string') return t('esim:op.failedUnknown');
  return t(`esim:error.${code}`, { defaultValue: t('esim:op.failedCode', { code }) });
}
