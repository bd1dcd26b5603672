import { z } from 'zod';
import { LOCALES } from '../shared/locale.js';

export const CERTIFICATION_STATES = ['none', 'review', 'verified', 'rejected'] as const;
export const zCertification = z.enum(CERTIFICATION_STATES);

export const zAccountInfo = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  roleName: z.string(),
  roleNames: z.array(z.string()),
  companyId: z.string(),
  companyName: z.string(),
  certification: zCertification,
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

export const zContact = z.object({ email: z.string(), phone: z.string(), hours: z.string() });
export type TContact = z.infer<typeof zContact>;

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
  certification: zCertification,
  contact: zContact,
  /** the newest announcement and whether this member has read it */
  announcementResp: zAnnouncementBrief.nullable(),
});
export type TAccountOverview = z.infer<typeof zAccountOverview>;

export const zCompanyInfo = z.object({
  companyId: z.string(),
  name: z.string(),
  country: z.string(),
  address: z.string(),
  certification: zCertification,
  billing: z.enum(['independent', 'parent']),
  parentName: z.string().nullable(),
  subCompanies: z.number().int(),
  members: z.number().int(),
  createdAt: z.string(),
});
export type TCompanyInfo = z.infer<typeof zCompanyInfo>;
