import type { TFunction } from 'i18next';

/** A translated label for a code, or the code itself when the catalogue does not know it. */
export function labelOf(t: TFunction, group: string, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  return t(`devices:${group}.${code}`, { defaultValue: code });
}

/**
 * A data label the server sends as a name with an optional code: the code's name in the
 * reader's language when the catalogue has it, else the name as the server sent it.
 */
export function dataLabel(t: TFunction, group: 'operator' | 'area' | 'groupName', name: string | null | undefined, code: string | null | undefined): string {
  const fallback = name === null || name === undefined || name === '' ? '—' : name;
  if (!code) return fallback;
  return t(`devices:${group}.${code}`, { defaultValue: fallback });
}

export const operatorLabel = (t: TFunction, d: { networkOperator: string | null; networkOperatorCode?: string | null }) =>
  dataLabel(t, 'operator', d.networkOperator, d.networkOperatorCode);

export const areaLabel = (t: TFunction, d: { area: string | null; areaCode?: string | null }) => dataLabel(t, 'area', d.area, d.areaCode);

/** A device's group: the platform-named default group in the reader's language, a name people chose as it is. */
export const deviceGroupLabel = (t: TFunction, d: { groupName: string | null; groupNameCode?: string | null }) =>
  dataLabel(t, 'groupName', d.groupName, d.groupNameCode);

/** A group of the group list, the same way. */
export const groupLabel = (t: TFunction, g: { name: string; nameCode?: string | null }) => dataLabel(t, 'groupName', g.name, g.nameCode);
