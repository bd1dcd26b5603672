import type { TFunction } from 'i18next';

/** A translated label for a code, or the code itself when the catalogue does not know it. */
export function labelOf(t: TFunction, group: string, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  return t(`devices:${group}.${code}`, { defaultValue: code });
}
