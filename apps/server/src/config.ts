import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { type TSupportContact, zSupportContactInput } from '@rrp/contracts';
import { z } from 'zod';
import { parseServiceHours, SERVICE_HOURS_FORMAT } from './lib/service-hours.js';

const zBool = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

/** An address, a CIDR range, or a name proxy-addr knows (loopback, linklocal, uniquelocal). */
const isProxyRange = (v: string) => {
  if (v === 'loopback' || v === 'linklocal' || v === 'uniquelocal') return true;
  const [addr, bits, ...rest] = v.split('/');
  const family = isIP(addr ?? '');
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which client address a request has (Fastify trustProxy; the rate limits count per address):
 * `off`, the socket's peer; or the reverse proxies' addresses / CIDR ranges, comma-separated:
 * X-Forwarded-For is read from the right, skipping hops from them, so the first address they
 * did not add is the client's. `on` believes every hop: a client can then name its own address
 * unless the proxy replaces the header, so listing the proxies is the safe choice.
 */
const zTrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | string[] => {
    const lower = v.toLowerCase();
    if (lower === 'off' || lower === 'false' || lower === '0') return false;
    if (lower === 'on' || lower === 'true' || lower === '1') return true;
    const ranges = v.split(',').map((r) => r.trim());
    if (ranges.every(isProxyRange)) return ranges;
    ctx.addIssue({ code: 'custom', message: "must be off, on, or the proxies' addresses / CIDR ranges, comma-separated" });
    return z.NEVER;
  });

/**
 * WeChat Pay (docs/payments.md). Unset, the server uses the key set generated in
 * RRP_DATA_DIR/wechatpay/ and, outside production, starts the simulator on WECHATPAY_SIM_PORT.
 */
const zWechatPay = {
  /** https://api.mch.weixin.qq.com for WeChat Pay itself; unset: the simulator */
  WECHATPAY_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/, 'must be an http(s):// address without a query')
    .optional(),
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{6,32}$/, 'must be the merchant id (digits)')
    .optional(),
  WECHATPAY_APPID: z
    .string()
    .regex(/^\w{4,32}$/, 'must be the app id (e.g. wx + 16 characters)')
    .optional(),
  WECHATPAY_MERCHANT_SERIAL_NO: z
    .string()
    .regex(/^[0-9A-Fa-f]{8,64}$/, 'must be the serial number of the merchant API certificate (hexadecimal)')
    .optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY_ID: z
    .string()
    .regex(/^PUB_KEY_ID_\w{1,64}$/, 'must be the WeChat Pay public key id (PUB_KEY_ID_...)')
    .optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{32}$/, 'must be the 32-character APIv3 key')
    .optional(),
  /** default: RRP_PUBLIC_URL (else the listening address) + /api/v1/pay/wechat/notify */
  WECHATPAY_NOTIFY_URL: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+$/, 'must be an http(s):// address without a query')
    .optional(),
  WECHATPAY_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8089),
};

/** The variables that make up a merchant's key set: all or none in production. */
export const WECHATPAY_KEY_VARS = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_MERCHANT_SERIAL_NO',
  'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_ID',
  'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
] as const;

function wechatPayKeySetIssues(c: { NODE_ENV: string } & Partial<Record<(typeof WECHATPAY_KEY_VARS)[number], string>>) {
  const missing = WECHATPAY_KEY_VARS.filter((k) => c[k] === undefined);
  if (c.NODE_ENV !== 'production' || missing.length === 0 || missing.length === WECHATPAY_KEY_VARS.length) return [];
  return [
    {
      path: [missing[0]],
      message: `WeChat Pay needs the whole key set in production: set all of ${WECHATPAY_KEY_VARS.join(', ')} or none (missing: ${missing.join(', ')})`,
    },
  ];
}

const zConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** `transaction`: DATABASE_URL is a transaction-pooling PgBouncer (docs/scaling.md) */
    DATABASE_POOLER: z.enum(['none', 'session', 'transaction']).default('none'),
    /** the primary without a pooler: migrations take a session lock there (required with DATABASE_POOLER=transaction) */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * with DATABASE_POOLER=transaction: the same database through a pooler entry whose server
     * connections commit without waiting for the WAL flush, for the replay records (docs/scaling.md)
     */
    DATABASE_RELAXED_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** a streaming replica the T+1 reports may read from (docs/scaling.md "Reads from the replica") */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** reads go back to the primary while the replica is further behind than this */
    RRP_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(30),
    RRP_DATA_DIR: z.string().min(1).default('./data'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('RRP Console <no-reply@rrp.local>'),
    RRP_MAILCATCHER_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(1080),
    RRP_MAILCATCHER_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(1025),
    RRP_TEST_CAPTCHA: z.string().min(1).max(16).optional(),
    RRP_ADMIN_EMAIL: z.string().email().default('admin@demo.rrp.local'),
    RRP_ADMIN_PASSWORD: z.string().optional(),
    RRP_OPS_EMAIL: z.string().email().default('ops@rrp.local'),
    RRP_OPS_PASSWORD: z.string().optional(),
    RRP_JOBS: zBool.default(true),
    /** the simulated device fleet reports from this process */
    RRP_SIMULATOR: zBool.default(true),
    RRP_SEED: zBool.default(true),
    /** on the demo's first start, a Control Center account on its simulator with SIMs synced into the demo company */
    RRP_DEMO_PLATFORMS: zBool.default(true),
    RRP_WEB_DIST: z.string().optional(),
    RRP_TRUST_PROXY: zTrustProxy.default(false),
    /** derives every API key's secret (docs/decisions.md); required in production, else kept in RRP_DATA_DIR */
    RRP_API_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * the master key platform credentials are encrypted under (AES-256-GCM): 32 bytes as 64 hex
     * digits or base64; required in production, else kept in RRP_DATA_DIR/secrets-key
     */
    RRP_SECRETS_KEY: z
      .string()
      .trim()
      .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes as 64 hexadecimal digits or base64 (e.g. openssl rand -hex 32)')
      .optional(),
    /** the address people open the console at, for links in e-mails (invitations) */
    RRP_PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+(\/\S*)?$/, 'must be an http(s):// address')
      .optional(),
    /** the support contact members see until staff save one in the back office */
    RRP_SUPPORT_PHONE: z.string().default('400-800-1234'),
    RRP_SUPPORT_EMAIL: z.string().default('support@rrp.local'),
    RRP_OFFICIAL_SITE: z.string().default(''),
    RRP_SUPPORT_HOURS: z.string().default('1-5 09:00-18:00 +08:00'),
    /** the platform's bank account customers transfer offline payments to */
    RRP_REMITTANCE_ACCOUNT_NAME: z.string().min(1).max(100).default('RRP 物联网科技有限公司'),
    RRP_REMITTANCE_BANK: z.string().min(1).max(100).default('招商银行深圳分行营业部'),
    RRP_REMITTANCE_ACCOUNT_NO: z.string().min(1).max(40).default('7559 2803 1110 901'),
    /** webhook URLs may be http:// (default: on outside production) */
    RRP_WEBHOOK_ALLOW_HTTP: zBool.optional(),
    /** webhook URLs may reach loopback and private addresses (tests' local receivers); off by default */
    RRP_WEBHOOK_ALLOW_PRIVATE: zBool.default(false),
    /** on SIGTERM, seconds /readyz answers 503 while requests are still served, before closing (behind a load balancer) */
    RRP_SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
    /** days raw device reports are kept after roll-up; older monthly partitions are dropped (docs/scaling.md) */
    RRP_RAW_REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    /** how long flow and stability answers are served again (docs/reports.md "Snapshots"); 0 computes every request */
    RRP_REPORT_SNAPSHOT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    ...zWechatPay,
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.RRP_TEST_CAPTCHA) {
      ctx.addIssue({ code: 'custom', path: ['RRP_TEST_CAPTCHA'], message: 'is a test hook and must not be set in production' });
    }
    for (const issue of supportContactIssues(c)) ctx.addIssue({ code: 'custom', ...issue });
    for (const issue of wechatPayKeySetIssues(c)) ctx.addIssue({ code: 'custom', ...issue });
    if (c.DATABASE_POOLER === 'transaction' && !c.DATABASE_DIRECT_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_DIRECT_URL'],
        message: 'is required with DATABASE_POOLER=transaction: migrations lock the primary itself',
      });
    for (const k of ['DATABASE_POOLER', 'DATABASE_DIRECT_URL', 'DATABASE_RELAXED_URL', 'DATABASE_REPLICA_URL'] as const)
      if (!c.DATABASE_URL && (k === 'DATABASE_POOLER' ? c[k] !== 'none' : c[k]))
        ctx.addIssue({ code: 'custom', path: [k], message: 'needs DATABASE_URL (the embedded database has no pooler or replica)' });
  });

const SUPPORT_ENV = {
  phone: ['RRP_SUPPORT_PHONE', 'must be a phone number (digits, spaces, hyphens, brackets, an optional leading +; 5 to 20 digits)'],
  email: ['RRP_SUPPORT_EMAIL', 'must be an e-mail address'],
  officialSite: ['RRP_OFFICIAL_SITE', 'must be an https:// address'],
  hours: [
    'RRP_SUPPORT_HOURS',
    `must be ${SERVICE_HOURS_FORMAT}, each day once, the start before the end, the offset between -12:00 and +14:00 in 15-minute steps`,
  ],
} as const;

type SupportEnv = { RRP_SUPPORT_PHONE: string; RRP_SUPPORT_EMAIL: string; RRP_OFFICIAL_SITE: string; RRP_SUPPORT_HOURS: string };

/** The support contact of the environment, checked by the rules staff's input is checked by. */
function supportContactOf(c: SupportEnv): { contact: TSupportContact } | { issues: { path: string[]; message: string }[] } {
  const hours = parseServiceHours(c.RRP_SUPPORT_HOURS);
  const parsed = zSupportContactInput.safeParse({ phone: c.RRP_SUPPORT_PHONE, email: c.RRP_SUPPORT_EMAIL, officialSite: c.RRP_OFFICIAL_SITE, hours });
  if (parsed.success) return { contact: parsed.data };
  const fields = new Set(parsed.error.issues.map((i) => i.path[0] as keyof typeof SUPPORT_ENV));
  return { issues: [...fields].map((f) => ({ path: [SUPPORT_ENV[f][0]], message: SUPPORT_ENV[f][1] })) };
}

const supportContactIssues = (c: SupportEnv) => {
  const r = supportContactOf(c);
  return 'issues' in r ? r.issues : [];
};

export type Config = z.infer<typeof zConfig> & {
  dataDir: string;
  /** RRP_PUBLIC_URL without a trailing slash, else the listening address */
  publicUrl: string;
  /** the support contact of RRP_SUPPORT_*, RRP_OFFICIAL_SITE: in force until staff save one */
  supportContact: TSupportContact;
  /** RRP_WEBHOOK_ALLOW_HTTP, defaulted by NODE_ENV */
  webhookAllowHttp: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = zConfig.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const host = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  const publicUrl = (c.RRP_PUBLIC_URL ?? `http://${host}:${c.PORT}`).replace(/\/+$/, '');
  const support = supportContactOf(c);
  if (!('contact' in support)) throw new ConfigError('Invalid support contact');
  const webhookAllowHttp = c.RRP_WEBHOOK_ALLOW_HTTP ?? c.NODE_ENV !== 'production';
  return { ...c, dataDir: resolve(c.RRP_DATA_DIR), publicUrl, supportContact: support.contact, webhookAllowHttp };
}
