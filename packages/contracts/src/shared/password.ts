import { LIMITS } from './limits.js';

/** Words a password may not contain (case-insensitive), on top of the spec's admin/user/root. */
export const COMMON_PASSWORD_WORDS = [
  'admin',
  'user',
  'root',
  'password',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'zxcvbn',
  '123456',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '654321',
  'abc123',
  'iloveyou',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'master',
  'shadow',
  'superman',
  'trustno1',
  'test',
  'guest',
  'login',
  'changeme',
  'default',
  'secret',
  'abcdef',
  'a1b2c3',
  'woaini',
  '5201314',
  'aa123456',
  'qazwsx',
  '1qaz2wsx',
  'zaq12wsx',
  '147258',
  '987654',
  '888888',
  '666666',
  '112233',
  '121212',
  'passport',
  'starwars',
  'whatever',
  'freedom',
] as const;

export type PasswordProblem = 'length' | 'classes' | 'common';

/** Returns what is wrong with a password, or null when it meets the rule of spec section 5. */
export function passwordProblem(pw: string): PasswordProblem | null {
  if (pw.length < LIMITS.passwordMin || pw.length > LIMITS.passwordMax) return 'length';
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^0-9a-zA-Z]/].filter((re) => re.test(pw)).length;
  if (classes < 3) return 'classes';
  const lower = pw.toLowerCase();
  if (COMMON_PASSWORD_WORDS.some((w) => lower.includes(w))) return 'common';
  return null;
}
