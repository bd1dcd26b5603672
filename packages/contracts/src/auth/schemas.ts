import { z } from 'zod';
import { field } from '../core/labels.js';
import { EMAIL_RE, LIMITS, PHONE_RE } from '../shared/limits.js';
import { LOCALES } from '../shared/locale.js';

export const zPublicKeyResponse = z.object({ keyId: z.string(), publicKey: z.string() });
export type TPublicKeyResponse = z.infer<typeof zPublicKeyResponse>;

export const zCaptchaParams = z.object({ captchaId: field('验证码标识', 'captcha id', z.uuid()) });

export const zLoginRequest = z.object({
  /** RSA-OAEP(SHA-256) of the account (phone or e-mail), base64 */
  name: field('账号', 'account', z.string().min(1).max(2048)),
  /** RSA-OAEP(SHA-256) of the password, base64 */
  password: field('密码', 'password', z.string().min(1).max(2048)),
  /** the captcha id the image was fetched with */
  key: field('验证码标识', 'captcha id', z.uuid()),
  pictureCaptcha: field('图形验证码', 'picture captcha', z.string().min(1).max(16)),
  /** the keyId of the public key used; the current key when absent */
  keyId: field('公钥标识', 'key id', z.string().max(64)).optional(),
});
export type TLoginRequest = z.infer<typeof zLoginRequest>;

export const zLoginResponse = z.object({
  /** which console the person signs in to: a customer's member, or platform staff (the back office) */
  principal: z.enum(['member', 'staff']),
  token: z.string(),
  secretKey: z.string(),
  permissionsList: z.array(z.string()),
  deductionSource: z.number().int(),
});
export type TLoginResponse = z.infer<typeof zLoginResponse>;

const zEmail = field('邮箱', 'e-mail', z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE));
const zEmailCode = field('邮箱验证码', 'e-mail code', z.string().regex(/^\d{6}$/));
const zPassword = field('密码', 'password', z.string().min(1).max(64));
const zConfirmPassword = field('确认密码', 'confirm password', z.string().min(1).max(64));
const zLocale = field('语言', 'language', z.enum(LOCALES));

export const zSendCodeRequest = z.object({
  email: zEmail,
  purpose: field('用途', 'purpose', z.enum(['register', 'reset'])),
  locale: zLocale.optional(),
});
export type TSendCodeRequest = z.infer<typeof zSendCodeRequest>;

export const zRegisterRequest = z.object({
  email: zEmail,
  code: zEmailCode,
  phone: field('手机号', 'phone', z.string().trim().regex(PHONE_RE)),
  password: zPassword,
  confirmPassword: zConfirmPassword,
  jobTitle: field('职位/身份', 'job title/identity', z.string().trim().min(1).max(LIMITS.jobTitleMax)),
  country: field('国家/地区', 'country', z.string().length(2)),
  companyName: field('公司名称', 'company name', z.string().trim().min(1).max(LIMITS.companyNameMax)),
  companyAddress: field('公司地址', 'company address', z.string().trim().min(1).max(LIMITS.companyAddressMax)),
  agreement: field('服务协议', 'service agreement', z.boolean()),
  locale: zLocale.optional(),
});
export type TRegisterRequest = z.infer<typeof zRegisterRequest>;
export const zRegisterResponse = z.object({ bonusMb: z.number() });

export const zForgetPasswordRequest = z.object({
  email: zEmail,
  code: zEmailCode,
  password: zPassword,
  confirmPassword: zConfirmPassword,
});
export type TForgetPasswordRequest = z.infer<typeof zForgetPasswordRequest>;

export const zChangeLocalRequest = z.object({ localCode: zLocale });

export const zCountry = z.object({ code: z.string(), nameZh: z.string(), nameEn: z.string() });
export type TCountry = z.infer<typeof zCountry>;
