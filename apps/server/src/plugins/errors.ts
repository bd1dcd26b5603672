import { type Bilingual, type ErrorCode, errorStatus, type Locale } from '@rrp/contracts';
import { errorText, inLocale, type MessageKey, type Params, t } from '../i18n/index.js';

export type ErrorOptions = {
  /** placeholders of the code's text (`{minutes}`) */
  params?: Params;
  /** the request field at fault, as a path in the endpoint's request schema: its label is added to the text */
  field?: string | readonly PropertyKey[];
  /** what exactly was wrong (the IMEIs at fault), added to the text */
  detail?: string;
  /** a more precise text than the code's own (the code stays the catalogue's) */
  message?: MessageKey;
};

/** Finds the label of a request field of the endpoint that failed. */
export type LabelLookup = (path: readonly PropertyKey[]) => Bilingual | null;

/** A business error: a catalogue code, with what the person needs to know to put it right. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly opts: ErrorOptions = {},
  ) {
    super(`AppError ${code}`);
  }

  get status(): number {
    return errorStatus(this.code);
  }

  /** The text for a person, in a locale; the field named by its label when one is known. */
  text(locale: Locale, labelOf: LabelLookup = () => null): string {
    const { params, field, detail, message } = this.opts;
    const base = message ? t(locale, message, params) : errorText(this.code, locale, params);
    if (field !== undefined) {
      const path = typeof field === 'string' ? [field] : field;
      const label = labelOf(path);
      return t(locale, 'common.invalidField', { message: base, field: label ? inLocale(label, locale) : path.join('.') });
    }
    if (detail) return t(locale, 'common.withDetail', { message: base, detail });
    return base;
  }
}
