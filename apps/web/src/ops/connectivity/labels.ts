import { NETWORK_OPERATOR_CODES, REGIONS } from '@rrp/contracts/constants';
import type { TFunction } from 'i18next';

/** The device regions and network operators, labelled as the customer console labels them. */
export const regionOptions = (t: TFunction) => REGIONS.map((r) => ({ value: r, label: t(`devices:region.${r}`, { defaultValue: r }) }));
export const operatorOptions = (t: TFunction) =>
  NETWORK_OPERATOR_CODES.map((c) => ({ value: c, label: `${t(`devices:operator.${c}`, { defaultValue: c })} (${c})` }));
