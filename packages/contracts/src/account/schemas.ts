import { z } from 'zod';
import { CERTIFICATION_STATES } from '../companies/constants.js';
import { field } from '../core/labels.js';
import { zSupportContact } from '../platform/schemas.js';
import { EMAIL_RE, LIMITS, PHONE_RE } from '../shared/limits.js';
import { LOCALES } from '../shared/locale.js';

const zCertificationState = z.enum(CERTIFICATION_STATES);

export const zAccountInfo = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  jobTitle: z.string(),
  roleName: z.string(),
  roleNames: z.array(z.string()),
  companyId: z.string(),
  companyName: z.string(),
  certification: zCertificationState,
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
  certification: zCertificationState,
  /** the support contact members see everywhere (POST /rrp/platform/contact) */
  contact: zSupportContact,
  /** the newest announcement and whether this member has read it */
  announcementResp: zAnnouncementBrief.nullable(),
});
export type TAccountOverview = z.infer<typeof zAccountOverview>;

export const zCompanyInfo = z.object({
  companyId: z.string(),
  name: z.string(),
  country: z.string(),
  address: z.string(),
  certification: zCertificationState,
  billing: z.enum(['independent', 'parent']),
  parentName: z.string().nullable(),
  subCompanies: z.number().int(),
  members: z.number().int(),
  createdAt: z.string(),
});
export type TCompanyInfo = z.infer<typeof zCompanyInfo>;

const zName = field('姓名', 'name', z.string().trim().min(1).max(LIMITS.memberNameMax));
export const zAccountUpdate = z.object({
  name: zName,
  phone: field('手机号', 'mobile phone', z.string().trim().regex(PHONE_RE)),
  jobTitle: field('职位/身份', 'job title/identity', z.string().trim().max(LIMITS.jobTitleMax)).optional(),
});
export const zEmailChangeCode = z.object({ email: field('新邮箱', 'new e-mail', z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE)) });
export const zEmailChange = z.object({
  email: field('新邮箱', 'new e-mail', z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE)),
  code: field('邮箱验证码', 'e-mail code', z.string().regex(/^\d{6}$/)),
});
export const zPasswordChange = z.object({
  oldPassword: field('原密码', 'current password', z.string().min(1).max(64)),
  password: field('新密码', 'new password', z.string().min(1).max(64)),
  confirmPassword: field('确认密码', 'confirm password', z.string().min(1).max(64)),
});
export const zCompanyProfileUpdate = z.object({
  name: field('公司名称', 'company name', z.string().trim().min(1).max(LIMITS.companyNameMax)),
  country: field('国家/地区', 'country or region', z.string().length(2)),
  address: field('公司地址', 'company address', z.string().trim().min(1).max(LIMITS.companyAddressMax)),
});
