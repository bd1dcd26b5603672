/**
 * The catalogue namespaces and when they load. Plain constants (no imports): vite.config.ts
 * uses them too, to put each group into its own chunk per language.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'menu',
  'home',
  'account',
  'announcement',
  'help',
  'errors',
  'legal',
  'devices',
  'members',
  'company',
  'audit',
  'ops',
  'orders',
  'invoices',
  'alarms',
  'strategies',
  'detection',
  'ac',
  'esim',
  'atcards',
  'reports',
  'developer',
  'firmware',
  'connectivity',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the public pages (sign-in, registration) need before their first paint. */
export const PUBLIC_NAMESPACES: readonly Namespace[] = ['common', 'auth'];
/** Loaded with the console, one chunk per language; `help`, `legal` and `orders` load with their pages. */
export const CONSOLE_NAMESPACES: readonly Namespace[] = [
  'layout',
  'menu',
  'home',
  'account',
  'announcement',
  'errors',
  'devices',
  'members',
  'company',
  'audit',
];

/** Loaded with the back office, for platform staff. */
export const OPS_NAMESPACES: readonly Namespace[] = ['layout', 'ops', 'audit', 'company', 'account', 'members', 'errors'];
