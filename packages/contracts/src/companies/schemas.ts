import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zKeyword, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { multiline } from '../core/text.js';
import { zMemberRow } from '../members/schemas.js';
import { EMAIL_RE, LIMITS, PHONE_RE } from '../shared/limits.js';
import { BILLING_METHODS, CERTIFICATION_STATES, COMPANY_STATES, DEVICE_QUANTITIES } from './constants.js';

const zCompanyName = field('公司名称', 'company name', z.string().trim().min(1).max(LIMITS.companyNameMax));
const zCountry = field('国家/地区', 'country or region', z.string().length(2));
const zBilling = field('计费方式', 'billing method', z.enum(BILLING_METHODS));
const zCompanyId = zId('公司', 'company');

/** A company of the caller's tree, with its sub-companies. */
export type TCompanyNode = {
  id: string;
  name: string;
  country: string;
  billing: (typeof BILLING_METHODS)[number];
  state: (typeof COMPANY_STATES)[number];
  certification: (typeof CERTIFICATION_STATES)[number];
  parentId: string | null;
  /** 0 for the caller's own company */
  depth: number;
  members: number;
  devices: number;
  createdAt: string;
  children: TCompanyNode[];
};
export const zCompanyNode: z.ZodType<TCompanyNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    country: z.string(),
    billing: z.enum(BILLING_METHODS),
    state: z.enum(COMPANY_STATES),
    certification: z.enum(CERTIFICATION_STATES),
    parentId: z.string().nullable(),
    depth: z.number().int(),
    members: z.number().int(),
    devices: z.number().int(),
    createdAt: z.string(),
    children: z.array(zCompanyNode),
  }),
);
export const zCompanyTree = z.object({ tree: zCompanyNode });

/** A short list of the tree's companies, for pickers (device migration). */
export const zCompanyOptions = z.object({
  list: z.array(z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable(), depth: z.number().int(), state: z.enum(COMPANY_STATES) })),
});

export const zCompanyAdd = z.object({
  name: zCompanyName,
  country: zCountry,
  billing: zBilling,
  /** the company to create it under: the caller's own when absent */
  parentId: zId('上级公司', 'parent company').optional(),
});
export const zCompanyUpdate = z.object({ id: zCompanyId, name: zCompanyName, country: zCountry, billing: zBilling });
export const zCompanyStateUpdate = z.object({ id: zCompanyId, state: field('状态', 'state', z.enum(COMPANY_STATES)) });
export const zCompanyIdRequest = z.object({ id: zCompanyId });
export const zCompanyAdded = z.object({ id: z.string() });

/** Invite a sub-company's super administrator. */
export const zCompanyAdminInvite = z.object({
  companyId: zCompanyId,
  name: field('成员名称', 'member name', z.string().trim().min(1).max(LIMITS.memberNameMax)),
  phone: field('手机号', 'mobile phone', z.string().trim().regex(PHONE_RE)),
  mail: field('邮箱', 'e-mail', z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE)),
});

export const zCompanyDashboard = z.object({
  id: z.string(),
  name: z.string(),
  devices: z.number().int(),
  online: z.number().int(),
  /** the License stock the company draws on (its own, or its payer's) */
  licenseStock: z.number().int(),
  licensesInUse: z.number().int(),
  usageMonthMb: z.number(),
  members: z.number().int(),
  subCompanies: z.number().int(),
  billing: z.enum(BILLING_METHODS),
  payerName: z.string(),
});
export type TCompanyDashboard = z.infer<typeof zCompanyDashboard>;

// ---- certification

export const zCertificationFields = z.object({
  companyName: zCompanyName,
  address: field('公司地址', 'company address', z.string().trim().min(1).max(LIMITS.companyAddressMax)),
  website: field('公司网址', 'website', z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(LIMITS.websiteMax)])).optional(),
  deviceQuantity: field('设备数量', 'device quantity', z.enum(DEVICE_QUANTITIES)),
  licenseNo: field(
    '营业执照注册号',
    'business licence number',
    z
      .string()
      .trim()
      .min(1)
      .max(LIMITS.licenseNoMax)
      .regex(/^[0-9A-Za-z]+$/),
  ),
  contactName: field('联系人', 'contact name', z.string().trim().min(1).max(LIMITS.contactNameMax)),
  contactPhone: field('联系电话', 'contact phone', z.string().trim().regex(PHONE_RE)),
  contactEmail: field('公司邮箱', 'company e-mail', z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE)),
});
export type TCertificationFields = z.infer<typeof zCertificationFields>;

export const zCertification = z.object({
  state: z.enum(CERTIFICATION_STATES),
  /** the latest submission, or null before the first */
  submission: zCertificationFields
    .extend({
      id: z.string(),
      website: z.string(),
      submittedAt: z.string(),
      submittedBy: z.string().nullable(),
      reviewedAt: z.string().nullable(),
      rejectReason: z.string().nullable(),
    })
    .nullable(),
});
export type TCertification = z.infer<typeof zCertification>;

// ---- certification review (back office)

export const zOpsCertificationListRequest = z.object({
  state: field('认证状态', 'certification state', z.enum(['review', 'verified', 'rejected'])).default('review'),
  keyword: zKeyword.optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});
export const zOpsCertificationRow = zCertificationFields.extend({
  id: z.string(),
  companyId: z.string(),
  /** the company's name now (the form's company name, as submitted, may differ) */
  currentCompanyName: z.string(),
  state: z.enum(CERTIFICATION_STATES),
  website: z.string(),
  submittedAt: z.string(),
  submittedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type TOpsCertificationRow = z.infer<typeof zOpsCertificationRow>;
export const zOpsCertificationList = zPage(zOpsCertificationRow).extend({
  counts: z.object({ review: z.number().int(), verified: z.number().int(), rejected: z.number().int() }),
});
export const zCertificationIdRequest = z.object({ id: zId('认证申请', 'certification') });
export const zCertificationImageParams = z.object({ id: zId('认证申请', 'certification') });
export const zCertificationReject = z.object({
  id: zId('认证申请', 'certification'),
  reason: multiline(field('驳回原因', 'rejection reason', z.string().trim().min(1).max(LIMITS.rejectReasonMax))),
});

// ---- company directory (back office)

export const zOpsCompanyListRequest = z.object({ keyword: zKeyword.optional(), pageNum: zPageNum.default(1), pageSize: zPageSize.default(20) });
export const zOpsCompanyRow = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  certification: z.enum(CERTIFICATION_STATES),
  billing: z.enum(BILLING_METHODS),
  state: z.enum(COMPANY_STATES),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  subCompanies: z.number().int(),
  members: z.number().int(),
  devices: z.number().int(),
  licenseStock: z.number().int(),
  createdAt: z.string(),
});
export type TOpsCompanyRow = z.infer<typeof zOpsCompanyRow>;
export const zOpsCompanyList = zPage(zOpsCompanyRow);
export const zOpsCompanyDetail = z.object({
  company: zOpsCompanyRow.extend({ address: z.string(), dataRemainingMb: z.number() }),
  tree: zCompanyNode,
  members: z.array(zMemberRow.omit({ isSelf: true })),
  certification: zCertification,
});
export type TOpsCompanyDetail = z.infer<typeof zOpsCompanyDetail>;
