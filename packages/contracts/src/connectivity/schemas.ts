import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zKeyword, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { REGIONS } from '../devices/constants.js';
import { NETWORK_OPERATOR_CODES } from '../network/constants.js';
import { ACCOUNT_STATES, PROVIDER_KINDS } from './kinds.js';
import { CONNECTIVITY_LIMITS as L, RECONCILE_ACTIONS, RECONCILE_VIEWS } from './limits.js';

const zAccountId = zId('运营商平台账号', 'connectivity account');
export const zConnectivityAccountId = z.object({ id: zAccountId });

export const zConnectivityListRequest = z.object({
  kind: field('平台类型', 'platform kind', z.enum(PROVIDER_KINDS)).optional(),
  state: field('状态', 'state', z.enum(ACCOUNT_STATES)).optional(),
  keyword: zKeyword.optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});

export const zConnectivityAccount = z.object({
  id: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  name: z.string(),
  baseUrl: z.string(),
  /** the user name or appid and the secret's last characters; never the secret */
  credentialsHint: z.string(),
  regions: z.array(z.string()),
  operators: z.array(z.string()),
  iccidPrefixes: z.array(z.string()),
  importCompanyId: z.string().nullable(),
  importCompanyName: z.string().nullable(),
  state: z.enum(ACCOUNT_STATES),
  /** the platform's words for the last failure */
  stateMessage: z.string().nullable(),
  unreachableSince: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastUsageAt: z.string().nullable(),
  devices: z.number().int(),
  platformSims: z.number().int(),
});
export type TConnectivityAccount = z.infer<typeof zConnectivityAccount>;
export const zConnectivityList = zPage(zConnectivityAccount);

// Secret fields: input only. No response schema carries them.
const zUsername = field('用户名', 'user name', z.string().trim().min(1).max(L.usernameMax));
const zApiKey = field('API 密钥', 'API key', z.string().trim().min(1).max(L.secretMax));
const zAppid = field('AppID', 'appid', z.string().trim().min(1).max(L.usernameMax));
const zPassword = field('密码', 'password', z.string().min(1).max(L.secretMax));

export const zCiscoCredentialsInput = z.object({ kind: field('平台类型', 'platform kind', z.literal('cisco_cc')), username: zUsername, apiKey: zApiKey });
export const zOneLinkCredentialsInput = z.object({ kind: field('平台类型', 'platform kind', z.literal('onelink')), appid: zAppid, password: zPassword });
export const zCredentialsInput = field('凭据', 'credentials', z.discriminatedUnion('kind', [zCiscoCredentialsInput, zOneLinkCredentialsInput]));
export type TCredentialsInput = z.infer<typeof zCredentialsInput>;

const zName = field('名称', 'name', z.string().trim().min(1).max(L.nameMax));
const zBaseUrl = field(
  '接口地址',
  'base URL',
  z
    .string()
    .trim()
    .max(L.baseUrlMax)
    .regex(/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/, { message: 'must be an http(s):// address without a query' }),
);
const zRegions = field('服务区域', 'regions', z.array(z.enum(REGIONS)).max(REGIONS.length));
const zOperators = field('运营商', 'operators', z.array(z.enum(NETWORK_OPERATOR_CODES)).max(NETWORK_OPERATOR_CODES.length));
const zIccidPrefixes = field(
  'ICCID 号段',
  'ICCID prefixes',
  z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,20}$/, { message: 'digits only, at most 20' }),
    )
    .max(L.iccidPrefixesMax),
);
const zImportCompanyId = zId('导入企业', 'import company');

export const zConnectivityAddRequest = z.object({
  kind: field('平台类型', 'platform kind', z.enum(['cisco_cc', 'onelink'])),
  name: zName,
  baseUrl: zBaseUrl,
  credentials: zCredentialsInput,
  regions: zRegions.default([]),
  operators: zOperators.default([]),
  iccidPrefixes: zIccidPrefixes.default([]),
  importCompanyId: zImportCompanyId.nullable().optional(),
});
export type TConnectivityAddRequest = z.input<typeof zConnectivityAddRequest>;

/** Fields left out keep their values; credentials left out keep the saved ones. The kind never changes. */
export const zConnectivityUpdateRequest = z.object({
  id: zAccountId,
  name: zName.optional(),
  baseUrl: zBaseUrl.optional(),
  credentials: zCredentialsInput.optional(),
  regions: zRegions.optional(),
  operators: zOperators.optional(),
  iccidPrefixes: zIccidPrefixes.optional(),
  importCompanyId: zImportCompanyId.nullable().optional(),
});
export type TConnectivityUpdateRequest = z.input<typeof zConnectivityUpdateRequest>;

export const zConnectivityTestResult = z.object({
  ok: z.boolean(),
  /** what the platform said (or why it could not be reached) */
  message: z.string(),
  latencyMs: z.number().int(),
  detail: z.record(z.string(), z.unknown()),
  state: z.enum(ACCOUNT_STATES),
});
export type TConnectivityTestResult = z.infer<typeof zConnectivityTestResult>;

export const zConnectivityDisableRequest = z.object({ id: zAccountId, disabled: field('停用', 'disabled', z.boolean()) });

export const zReconcileListRequest = z.object({
  id: zAccountId,
  view: field('视图', 'view', z.enum(RECONCILE_VIEWS)),
  keyword: zKeyword.optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});
export const zReconcileRow = z.object({
  iccid: z.string(),
  /** the product's device, when there is one */
  deviceId: z.string().nullable(),
  imei: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  /** the platform's status as it spells it, and our reading of it */
  platformStatus: z.string().nullable(),
  platformState: z.string().nullable(),
  /** the product's state of the device */
  productState: z.enum(['active', 'suspended']).nullable(),
  msisdn: z.string().nullable(),
  syncedAt: z.string().nullable(),
});
export type TReconcileRow = z.infer<typeof zReconcileRow>;
export const zReconcileList = zPage(zReconcileRow);

const zIccid = field(
  'ICCID',
  'ICCID',
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${L.iccidMin},${L.iccidMax}}$`), { message: 'must be 18 to 22 digits' }),
);

export const zReconcileResolveRequest = z
  .object({
    id: zAccountId,
    iccid: zIccid.optional(),
    deviceId: zId('设备', 'device').optional(),
    action: field('操作', 'action', z.enum(RECONCILE_ACTIONS)),
    /** the company to import into ('import') */
    companyId: zId('企业', 'company').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.iccid && !v.deviceId) ctx.addIssue({ code: 'custom', path: ['iccid'], message: 'an ICCID or a device id is required' });
    if (v.action === 'import' && !v.companyId) ctx.addIssue({ code: 'custom', path: ['companyId'], message: 'required to import' });
  });
export const zReconcileResolveResult = z.object({ action: z.enum(RECONCILE_ACTIONS), iccid: z.string().nullable(), deviceId: z.string().nullable() });
