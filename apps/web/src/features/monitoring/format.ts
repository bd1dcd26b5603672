import type { TFunction } from 'i18next';
import { formatUtc } from '../../lib/format';

/** A measurement (a probe or the one that caused a switch): loss %, delay and jitter in ms, "—" when nothing came back. */
export function measurementText(t: TFunction, m: { packetLoss: number; delay: number | null; jitter: number | null }, locale: string): string {
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const ms = (v: number | null) => (v === null ? t('strategies:noReply') : `${nf.format(v)} ms`);
  return t('strategies:measurement', { loss: nf.format(m.packetLoss), delay: ms(m.delay), jitter: ms(m.jitter) });
}

/** A strategy's conditions as the switch compares them: loss at or above, delay and jitter above. */
export function conditionsText(t: TFunction, s: { packetLoss: number; delay: number; jitter: number }, locale: string): string {
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return t('strategies:conditions', { loss: nf.format(s.packetLoss), delay: nf.format(s.delay), jitter: nf.format(s.jitter) });
}

/** A creation date in the reader's date format (UTC, the platform's time). */
export const formatDate = (t: TFunction, v: string) => formatUtc(v, t('strategies:dateFormat'));

/** A card name of a switch (physical card, eSIM…), or the code as sent. */
export const cardLabel = (t: TFunction, v: string | null) => (v ? t(`strategies:card.${v}`, { defaultValue: v }) : '—');
