import type { ErrorCode, Locale } from '@rrp/contracts';
import { AC_TEXTS } from './catalogue/ac.js';
import { ALARM_TEXTS } from './catalogue/alarms.js';
import { AT_CARD_TEXTS } from './catalogue/atcards.js';
import { AUDIT_TEXTS } from './catalogue/audit.js';
import { AUTH_TEXTS } from './catalogue/auth.js';
import { BILLING_TEXTS } from './catalogue/billing.js';
import { COMMON_TEXTS } from './catalogue/common.js';
import { DEVICE_TEXTS } from './catalogue/devices.js';
import { ERROR_TEXTS } from './catalogue/errors.js';
import { ESIM_TEXTS } from './catalogue/esim.js';
import { FIRMWARE_TEXTS } from './catalogue/firmware.js';
import { INVOICE_TEXTS } from './catalogue/invoices.js';
import { MAIL_TEXTS } from './catalogue/mail.js';
import { MONITORING_TEXTS } from './catalogue/monitoring.js';
import { REPORT_TEXTS } from './catalogue/reports.js';
import { WEBHOOK_TEXTS } from './catalogue/webhooks.js';
import { type Bilingual, fill, type Params, pick } from './text.js';

export type { Bilingual, Params } from './text.js';

/**
 * The server's one message catalogue, in both languages: error codes, success messages, hints,
 * import failure reasons, spreadsheet labels, e-mails. Modules never compare locales
 * themselves; they ask for a key. A test checks both languages and their placeholders.
 */
export const MESSAGES = {
  ...COMMON_TEXTS,
  ...AUTH_TEXTS,
  ...DEVICE_TEXTS,
  ...MAIL_TEXTS,
  ...AUDIT_TEXTS,
  ...INVOICE_TEXTS,
  ...BILLING_TEXTS,
  ...ALARM_TEXTS,
  ...MONITORING_TEXTS,
  ...AC_TEXTS,
  ...ESIM_TEXTS,
  ...AT_CARD_TEXTS,
  ...FIRMWARE_TEXTS,
  ...WEBHOOK_TEXTS,
  ...REPORT_TEXTS,
};
export type MessageKey = keyof typeof MESSAGES;

/** A catalogue text in a locale, placeholders filled. */
export function t(locale: Locale, key: MessageKey, params?: Params): string {
  return fill(pick(MESSAGES[key] as Bilingual, locale), params);
}

/** The text of an error code in a locale. */
export function errorText(code: ErrorCode, locale: Locale, params?: Params): string {
  return fill(pick(ERROR_TEXTS[code], locale), params);
}

/** A bilingual text (a field label, a data label) in a locale. */
export const inLocale = (b: Bilingual, locale: Locale): string => pick(b, locale);

export { ERROR_TEXTS };
