import type { PrincipalKey } from '@rrp/contracts';

/** At most `max` calls per client address within `windowS` seconds (the window starts at the first call). */
export type PublicLimit = { max: number; windowS: number };

const TEN_MINUTES = 600;

/**
 * The rate limit of every public endpoint, per client address. The type requires an entry for
 * each endpoint the contract declares public, so a new public route cannot go unlimited.
 * The figures leave room for a person (and an office behind one address) and stop a script;
 * sign-in failures and e-mail sends have tighter limits of their own (docs/api.md, Rate limits).
 */
export const PUBLIC_LIMITS: Record<PrincipalKey<'public'>, PublicLimit> = {
  /** read before every sign-in */
  'POST /rrp/user/publicKey': { max: 120, windowS: TEN_MINUTES },
  /** writes a row; the sign-in and registration pages load one, and one more per refresh or failure */
  'GET /rrp/captcha/generator/:captchaId': { max: 120, windowS: TEN_MINUTES },
  /** costs a password hash; failures are limited further (LOGIN_LIMITS) */
  'POST /rrp/user/login': { max: 100, windowS: TEN_MINUTES },
  'POST /rrp/country/list': { max: 60, windowS: TEN_MINUTES },
  /** a registration takes one call, a few more for typing mistakes */
  'POST /rrp/user/register': { max: 30, windowS: TEN_MINUTES },
  /** sends mail: also one per address and purpose a minute, and 20 per client address an hour */
  'POST /rrp/send/verifyCode': { max: 10, windowS: TEN_MINUTES },
  'POST /rrp/user/forget/password': { max: 20, windowS: TEN_MINUTES },
  /** the invitation page reads its link once per load */
  'POST /rrp/user/invitation/check': { max: 60, windowS: TEN_MINUTES },
  'POST /rrp/user/invitation/accept': { max: 30, windowS: TEN_MINUTES },
};

/** The limit of a public endpoint, by its key; undefined for a key without one. */
export function publicLimitOf(key: string): PublicLimit | undefined {
  return Object.hasOwn(PUBLIC_LIMITS, key) ? PUBLIC_LIMITS[key as keyof typeof PUBLIC_LIMITS] : undefined;
}
