import { HOME_PATH, PUBLIC_PATHS } from './paths';

/** The `redirect` query parameter if it names an in-app page, else home. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return HOME_PATH;
  const path = raw.split(/[?#]/)[0];
  if (path === '/' || PUBLIC_PATHS.includes(path)) return HOME_PATH;
  return raw;
}

export function loginUrlFor(pathname: string, search = ''): string {
  const target = pathname + search;
  if (!target || target === '/' || PUBLIC_PATHS.includes(pathname)) return '/login';
  return `/login?redirect=${encodeURIComponent(target)}`;
}
