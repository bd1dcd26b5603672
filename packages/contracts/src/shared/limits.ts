/** Business limits shared by the server (enforcement) and the web app (form hints). */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 16,
  feedbackMax: 400,
  memberNameMax: 20,
  roleNameMax: 10,
  companyNameMax: 32,
  companyAddressMax: 100,
  jobTitleMax: 50,
  emailMax: 100,
  imeiLength: 15,
  deviceNameMax: 30,
  importMaxRows: 10_000,
  imeisPerOperation: 100,
  pageSizeMax: 100,
  descriptionMax: 200,
  websiteMax: 200,
  licenseNoMax: 30,
  contactNameMax: 20,
  rejectReasonMax: 200,
  announcementTitleMax: 100,
  announcementContentMax: 5000,
  /** levels below the top company: a company, its sub-companies and theirs */
  companyDepthMax: 3,
  /** direct sub-companies of one company */
  subCompaniesMax: 50,
  /** members of one company, pending invitations included */
  membersMax: 500,
  /** roles of one company */
  rolesMax: 50,
  tabsKept: 5,
  historyKept: 5,
} as const;

export const TIMING = {
  sessionTtlMs: 24 * 60 * 60 * 1000,
  captchaTtlMs: 5 * 60 * 1000,
  emailCodeTtlMs: 10 * 60 * 1000,
  emailCodeResendMs: 60 * 1000,
  emailCodeMaxTries: 5,
  invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
  signatureSkewMs: 300 * 1000,
  requestIdTtlMs: 600 * 1000,
  messageDurationS: 3,
} as const;

/**
 * Failed-login limits. An account is locked after `perAccount` failures within `windowMs`;
 * a client address after `perAddress`. The lock lasts until the oldest failure leaves the window.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
} as const;

/** Data granted to a newly registered company, in MB. */
export const REGISTER_BONUS_MB = 100;

export const IMEI_RE = /^\d{15}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Mainland mobile numbers, or international numbers with a leading + and 6-15 digits. */
export const PHONE_RE = /^(?:1[3-9]\d{9}|\+\d{6,15})$/;
