import { NETWORK_OPERATOR_CODES, REGIONS } from '@rrp/contracts/constants';
import type { TFunction } from 'i18next';

/** The device regions and network operators, labelled as the customer console labels them. */
export const regionOptions = (t: TFunction) => REGIONS.map((r) => ({ value: r, label: t(`devices:region.${r}`, { defaultValue: r }) }));
export const operatorOptions = (t: TFunction) =>
  NETWORK_OPERATOR_CODES.map((c) => ({ value: c, label: `${t(`devices:operator.${c}`, { defaultValue: c })} (${c})` }));

/** An account's name as staff read it: the built-in account's in the reader's language, the others as saved. */
export const accountName = (t: TFunction, a: { kind: string; name: string }) => (a.kind === 'simulated' ? t('connectivity:kind.simulated') : a.name);
