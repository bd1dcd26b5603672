/** AC (activation code) states of spec section 4: imported idle, bound to a device, and the SM-DP+ order states. */
export const AC_STATUSES = ['IDLE', 'ASSIGNED', 'ORDER_EXISTED', 'ORDER_INVALID', 'DELETED'] as const;
export type AcStatus = (typeof AC_STATUSES)[number];

/** The operators an AC may belong to (spec section 3), by PLMN code: China Mobile, China Unicom, China Telecom. */
export const AC_OPERATOR_CODES = ['46000', '46001', '46011'] as const;
export type AcOperatorCode = (typeof AC_OPERATOR_CODES)[number];

/**
 * An activation code as GSMA SGP.22 writes it for a QR code: `LPA:1$<SM-DP+ address>$<matching
 * id>` — the address a host name, the matching id letters, digits and hyphens (at most 64).
 */
export const AC_CODE_RE =
  /^LPA:1\$(?=[^$]{1,253}\$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+\$[A-Za-z0-9-]{1,64}$/;
/** An eUICC identifier: 32 digits (GSMA SGP.02, starting 89). */
export const EID_RE = /^89\d{30}$/;
/** An ICCID: 19 or 20 digits starting 89 (ITU-T E.118). */
export const ICCID_RE = /^89\d{17,18}$/;
/** The declared count of an AC import: six digits, e.g. `000120` (spec section 5). */
export const AC_COUNT_RE = /^\d{6}$/;

export const AC_LIMITS = {
  importMaxRows: 10_000,
  fileBytes: 5 * 1024 * 1024,
  bodyBytes: 5 * 1024 * 1024 + 64 * 1024,
} as const;

/** Why an imported row was refused (the rest of the file is imported). */
export const AC_IMPORT_FAILURES = [
  'bad_ac_code',
  'imei_and_eid',
  'no_imei_or_eid',
  'bad_imei',
  'bad_eid',
  'bad_iccid',
  'bad_operator',
  'duplicate_in_file',
  'exists',
] as const;
export type AcImportFailure = (typeof AC_IMPORT_FAILURES)[number];
