import { z } from 'zod';
import { field } from '../core/labels.js';
import { EMAIL_RE } from '../shared/limits.js';
import { HHMM_RE, HTTPS_URL_RE, SUPPORT_CONTACT_LIMITS as L, SUPPORT_PHONE_RE } from './constants.js';

/**
 * When support answers: ISO weekdays (1 Monday … 7 Sunday), from and to in HH:mm on the same
 * day, in the time zone `utcOffsetMinutes` east of UTC (480 is UTC+8). The web formats it in the
 * reader's language.
 */
export const zServiceHours = z.object({
  days: z.array(z.number().int()),
  from: z.string(),
  to: z.string(),
  utcOffsetMinutes: z.number().int(),
});
export type TServiceHours = z.infer<typeof zServiceHours>;

/** The support contact every member sees (home card, customer-service widget, header link). */
export const zSupportContact = z.object({
  phone: z.string(),
  email: z.string(),
  /** https address of the official site, '' when none is set */
  officialSite: z.string(),
  hours: zServiceHours,
});
export type TSupportContact = z.infer<typeof zSupportContact>;

const zTime = (zh: string, en: string) => field(zh, en, z.string().regex(HHMM_RE));

/** Service hours as staff enter them: days 1–7, each once, at least one; from earlier than to. */
export const zServiceHoursInput = field(
  '服务时间',
  'service hours',
  z
    .object({
      days: field(
        '服务日',
        'service days',
        z
          .array(z.number().int().min(1).max(7))
          .min(1)
          .max(7)
          .refine((d) => new Set(d).size === d.length, 'each day once'),
      ),
      from: zTime('开始时间', 'opening time'),
      to: zTime('结束时间', 'closing time'),
      utcOffsetMinutes: field('时区', 'time zone', z.number().int().min(L.utcOffsetMinMinutes).max(L.utcOffsetMaxMinutes).multipleOf(L.utcOffsetStepMinutes)),
    })
    .superRefine((h, ctx) => {
      if (h.from >= h.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be later than the opening time' });
    }),
);

/** The support contact as staff save it. */
export const zSupportContactInput = z.object({
  phone: field('客服电话', 'support phone', z.string().trim().max(L.phoneMax).regex(SUPPORT_PHONE_RE)),
  email: field('客服邮箱', 'support e-mail', z.string().trim().max(L.emailMax).regex(EMAIL_RE)),
  /** '' for none: the header then shows no official-site link */
  officialSite: field(
    '官网地址',
    'official site',
    z
      .string()
      .trim()
      .max(L.officialSiteMax)
      .refine((v) => v === '' || HTTPS_URL_RE.test(v), 'an https:// address'),
  ),
  hours: zServiceHoursInput,
});
export type TSupportContactInput = z.infer<typeof zSupportContactInput>;

/** What the back office shows: the contact in force, the environment's defaults, and who saved it. */
export const zOpsSupportContact = z.object({
  contact: zSupportContact,
  /** from RRP_SUPPORT_PHONE, RRP_SUPPORT_EMAIL, RRP_OFFICIAL_SITE, RRP_SUPPORT_HOURS */
  defaults: zSupportContact,
  /** false while the defaults are in force (nobody has saved a contact) */
  saved: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TOpsSupportContact = z.infer<typeof zOpsSupportContact>;
