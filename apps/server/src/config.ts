import { resolve } from 'node:path';
import { z } from 'zod';

const zBool = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');

const zConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
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
    RRP_WEB_DIST: z.string().optional(),
    RRP_TRUST_PROXY: zBool.default(false),
    /** the address people open the console at, for links in e-mails (invitations) */
    RRP_PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+(\/\S*)?$/, 'must be an http(s):// address')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && c.RRP_TEST_CAPTCHA) {
      ctx.addIssue({ code: 'custom', path: ['RRP_TEST_CAPTCHA'], message: 'is a test hook and must not be set in production' });
    }
  });

export type Config = z.infer<typeof zConfig> & {
  dataDir: string;
  /** RRP_PUBLIC_URL without a trailing slash, else the listening address */
  publicUrl: string;
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
  return { ...c, dataDir: resolve(c.RRP_DATA_DIR), publicUrl };
}
