import { z } from 'zod';
import { EMAIL_RE, LIMITS, PHONE_RE } from './limits.js';
import { LOCALES } from './locale.js';

/** The envelope every JSON answer travels in. */
export type Envelope<T> = { success: boolean; code: number; msg: string; obj: T };

export const zPublicKeyResponse = z.object({ keyId: z.string(), publicKey: z.string() });
export type TPublicKeyResponse = z.infer<typeof zPublicKeyResponse>;

export const zLoginRequest = z.object({
  /** RSA-OAEP(SHA-256) of the account (phone or e-mail), base64 */
  name: z.string().min(1).max(2048),
  /** RSA-OAEP(SHA-256) of the password, base64 */
  password: z.string().min(1).max(2048),
  /** the captcha id the image was fetched with */
  key: z.string().uuid(),
  pictureCaptcha: z.string().min(1).max(16),
  /** the keyId of the public key used; the current key when absent */
  keyId: z.string().max(64).optional(),
});
export type TLoginRequest = z.infer<typeof zLoginRequest>;

export const zLoginResponse = z.object({
  token: z.string(),
  secretKey: z.string(),
  permissionsList: z.array(z.string()),
  deductionSource: z.number().int(),
});
export type TLoginResponse = z.infer<typeof zLoginResponse>;

const zEmail = z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE);
const zPassword = z.string().min(1).max(64);

export const zSendCodeRequest = z.object({
  email: zEmail,
  purpose: z.enum(['register', 'reset']),
  locale: z.enum(LOCALES).optional(),
});
export type TSendCodeRequest = z.infer<typeof zSendCodeRequest>;

export const zRegisterRequest = z.object({
  email: zEmail,
  code: z.string().regex(/^\d{6}$/),
  phone: z.string().trim().regex(PHONE_RE),
  password: zPassword,
  confirmPassword: zPassword,
  jobTitle: z.string().trim().min(1).max(LIMITS.jobTitleMax),
  country: z.string().length(2),
  companyName: z.string().trim().min(1).max(LIMITS.companyNameMax),
  companyAddress: z.string().trim().min(1).max(LIMITS.companyAddressMax),
  agreement: z.boolean(),
  locale: z.enum(LOCALES).optional(),
});
export type TRegisterRequest = z.infer<typeof zRegisterRequest>;
export const zRegisterResponse = z.object({ bonusMb: z.number() });

export const zForgetPasswordRequest = z.object({
  email: zEmail,
  code: z.string().regex(/^\d{6}$/),
  password: zPassword,
  confirmPassword: zPassword,
});
export type TForgetPasswordRequest = z.infer<typeof zForgetPasswordRequest>;

export const zChangeLocalRequest = z.object({ localCode: z.enum(LOCALES) });

export const zCountry = z.object({ code: z.string(), nameZh: z.string(), nameEn: z.string() });
export type TCountry = z.infer<typeof zCountry>;

export const zAccountInfo = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  roleName: z.string(),
  roleNames: z.array(z.string()),
  companyId: z.string(),
  companyName: z.string(),
  certification: z.enum(['none', 'review', 'verified', 'rejected']),
  deductionSource: z.number().int(),
  locale: z.enum(LOCALES),
  permissionsList: z.array(z.string()),
});
export type TAccountInfo = z.infer<typeof zAccountInfo>;

export const zAnnouncementBrief = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  read: z.boolean(),
});
export type TAnnouncementBrief = z.infer<typeof zAnnouncementBrief>;

export const zAccountOverview = z.object({
  licenseStock: z.number().int(),
  licenseExpiring30d: z.number().int(),
  onlineDevices: z.number().int(),
  totalDevices: z.number().int(),
  usageYesterdayMb: z.number(),
  usageMonthMb: z.number(),
  dataTotalMb: z.number(),
  dataRemainingMb: z.number(),
  dataWarning: z.boolean(),
  openAlarms: z.number().int(),
  certification: z.enum(['none', 'review', 'verified', 'rejected']),
  contact: z.object({ email: z.string(), phone: z.string(), hours: z.string() }),
  /** the newest announcement and whether this member has read it */
  announcementResp: zAnnouncementBrief.nullable(),
});
export type TAccountOverview = z.infer<typeof zAccountOverview>;

export const zPageRequest = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(LIMITS.pageSizeMax).default(10),
});
export const zAnnouncementList = z.object({
  total: z.number().int(),
  list: z.array(zAnnouncementBrief),
});
export const zAnnouncementMark = z.object({ id: z.string().uuid(), read: z.boolean() });
export const zFeedbackAdd = z.object({
  feedback: z.string().trim().min(1).max(LIMITS.feedbackMax),
  /** where it was written: the header's feedback dialog or the customer-service widget */
  source: z.enum(['feedback', 'service']).default('feedback'),
});
export const zAnnouncementDetailRequest = z.object({ id: z.string().uuid() });
export const zAnnouncementDetail = z.object({
  item: zAnnouncementBrief,
  /** the newer neighbour (shown before it in the list), or null */
  prevId: z.string().nullable(),
  /** the older neighbour, or null */
  nextId: z.string().nullable(),
});
export type TAnnouncementDetail = z.infer<typeof zAnnouncementDetail>;

export const zCompanyInfo = z.object({
  companyId: z.string(),
  name: z.string(),
  country: z.string(),
  address: z.string(),
  certification: z.enum(['none', 'review', 'verified', 'rejected']),
  billing: z.enum(['independent', 'parent']),
  parentName: z.string().nullable(),
  subCompanies: z.number().int(),
  members: z.number().int(),
  createdAt: z.string(),
});
export type TCompanyInfo = z.infer<typeof zCompanyInfo>;
