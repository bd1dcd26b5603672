export const BILLING_METHODS = ['independent', 'parent'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];

export const COMPANY_STATES = ['enabled', 'disabled'] as const;
export type CompanyState = (typeof COMPANY_STATES)[number];

export const CERTIFICATION_STATES = ['none', 'review', 'verified', 'rejected'] as const;
export type CertificationState = (typeof CERTIFICATION_STATES)[number];

/** Device quantity ranges of the certification form, up to "over 5000". */
export const DEVICE_QUANTITIES = ['1-100', '101-500', '501-1000', '1001-5000', '5000+'] as const;
export type DeviceQuantity = (typeof DEVICE_QUANTITIES)[number];

/** What a verified company receives, once: 50 Licenses and 5G of data. */
export const CERTIFICATION_GRANT = { licenses: 50, dataMb: 5120 } as const;

/** The business licence image: JPG or PNG, at most 2 MB. */
export const LICENSE_IMAGE = { maxBytes: 2 * 1024 * 1024, types: ['image/jpeg', 'image/png'] } as const;

/**
 * Personal mailbox domains refused as a company e-mail (spec: "company e-mail must be a
 * company address").
 */
export const FREE_MAIL_DOMAINS = [
  'qq.com',
  'vip.qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  '188.com',
  'vip.163.com',
  'sina.com',
  'sina.cn',
  'sohu.com',
  '139.com',
  '189.cn',
  'wo.cn',
  'aliyun.com',
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'mail.com',
  'gmx.com',
  'gmx.de',
  'yandex.com',
  'zoho.com',
  'aol.com',
] as const;

/** True for an address on a personal mailbox domain. */
export function isFreeMail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  return (FREE_MAIL_DOMAINS as readonly string[]).includes(domain);
}
