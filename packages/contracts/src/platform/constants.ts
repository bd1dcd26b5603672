/** ISO weekday numbers: 1 is Monday, 7 is Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof ISO_WEEKDAYS)[number];

/** Limits of the support contact the back office edits. */
export const SUPPORT_CONTACT_LIMITS = {
  phoneMax: 30,
  emailMax: 100,
  officialSiteMax: 200,
  /** UTC−12:00 … UTC+14:00, in steps of 15 minutes */
  utcOffsetMinMinutes: -720,
  utcOffsetMaxMinutes: 840,
  utcOffsetStepMinutes: 15,
} as const;

/**
 * A service phone number as people write it: digits with spaces, hyphens or brackets, an
 * optional leading +, 5 to 20 digits in all ("400-800-1234", "+86 21 5555 1234", "(021) 5555-1234").
 */
export const SUPPORT_PHONE_RE = /^(?=(?:\D*\d){5,20}\D*$)\+?[\d(][\d ()-]*\d$/;

/** An https:// address with a dotted host name, an optional port and path. */
export const HTTPS_URL_RE = /^https:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d{1,5})?(?:[/?#]\S*)?$/;

/** A time of day, 00:00 to 23:59. */
export const HHMM_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
