import type { TAccountInfo, TLoginResponse } from '@rrp/contracts';
import { effectivePermissions, TIMING } from '@rrp/contracts/constants';
import { useSyncExternalStore } from 'react';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { readJson, readText, removeKey, writeJson, writeText } from './storage';
import { claimUserData, clearUserData, emitUserReset } from './userData';

/**
 * The signed-in session: token and secret key in cookies (1 day), a `hasToken` flag, the
 * permission list and the account info in localStorage. Components read it with useSession();
 * everything else with getSession().
 */
export const SESSION_KEYS = {
  tokenCookie: 'token',
  secretCookie: 'secretKey',
  hasToken: 'hasToken',
  permissions: 'permissionsList',
  account: 'accountInfo',
  principal: 'principal',
} as const;

/** Who is signed in: a customer's member, or platform staff (the back office). */
export type Principal = 'member' | 'staff';

export type Session = {
  loggedIn: boolean;
  token: string | null;
  secretKey: string | null;
  permissions: string[];
  account: TAccountInfo | null;
  principal: Principal;
};

const COOKIE_SECONDS = Math.floor(TIMING.sessionTtlMs / 1000);
const listeners = new Set<() => void>();
let snapshot: Session = read();

function read(): Session {
  const token = readCookie(SESSION_KEYS.tokenCookie);
  const secretKey = readCookie(SESSION_KEYS.secretCookie);
  const flagged = readText(SESSION_KEYS.hasToken) === 'true';
  const loggedIn = flagged && !!token && !!secretKey;
  return {
    loggedIn,
    token: loggedIn ? token : null,
    secretKey: loggedIn ? secretKey : null,
    permissions: loggedIn ? readJson<string[]>(SESSION_KEYS.permissions, []) : [],
    account: loggedIn ? readJson<TAccountInfo | null>(SESSION_KEYS.account, null) : null,
    principal: loggedIn && readText(SESSION_KEYS.principal) === 'staff' ? 'staff' : 'member',
  };
}

function same(a: Session, b: Session): boolean {
  return (
    a.loggedIn === b.loggedIn &&
    a.token === b.token &&
    a.secretKey === b.secretKey &&
    a.permissions.join() === b.permissions.join() &&
    a.principal === b.principal &&
    JSON.stringify(a.account) === JSON.stringify(b.account)
  );
}

function emit(): void {
  for (const l of listeners) l();
}

/** Re-reads cookies and storage (a cookie may have expired, another tab may have signed out). */
export function refreshSession(): Session {
  const next = read();
  if (!same(next, snapshot)) {
    snapshot = next;
    emit();
  }
  return snapshot;
}

export function getSession(): Session {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** What sign-in answers. */
export type SignInData = TLoginResponse;

/** When the stored account was last read from the server in this page (0: not since load). */
let accountReadAt = 0;

export function startSession(data: SignInData): void {
  writeCookie(SESSION_KEYS.tokenCookie, data.token, COOKIE_SECONDS);
  writeCookie(SESSION_KEYS.secretCookie, data.secretKey, COOKIE_SECONDS);
  writeText(SESSION_KEYS.hasToken, 'true');
  writeText(SESSION_KEYS.principal, data.principal);
  // staff codes (OPS_*) are kept as given; a member's follow the deductionSource rule
  writeJson(SESSION_KEYS.permissions, data.principal === 'staff' ? data.permissionsList : effectivePermissions(data.permissionsList, data.deductionSource));
  removeKey(SESSION_KEYS.account);
  accountReadAt = 0;
  emitUserReset('start');
  refreshSession();
}

/**
 * Stores the account info just read from the server; its permission list (with the
 * deductionSource rule) replaces the stored one. The first account read after another person
 * used this browser resets the per-person data (tabs, recent pages).
 */
export function storeAccount(account: TAccountInfo): void {
  if (!account || typeof account !== 'object') return;
  writeJson(SESSION_KEYS.account, account);
  if (Array.isArray(account.permissionsList)) {
    writeJson(SESSION_KEYS.permissions, effectivePermissions(account.permissionsList, account.deductionSource ?? 0));
  }
  accountReadAt = Date.now();
  if (account.userId && claimUserData(account.userId)) emitUserReset('user');
  refreshSession();
}

/** The account read from the server in this page, and when; null if none since load or since it went stale. */
export function freshAccount(): { account: TAccountInfo; readAt: number } | null {
  const { account } = snapshot;
  return account && accountReadAt ? { account, readAt: accountReadAt } : null;
}

/** The stored account no longer matches the server's (e.g. after a language switch): read it again. */
export function markAccountStale(): void {
  accountReadAt = 0;
}

/** Forgets the session and everything kept for its person (sign-out, or the server ended it). */
export function clearSession(): void {
  deleteCookie(SESSION_KEYS.tokenCookie);
  deleteCookie(SESSION_KEYS.secretCookie);
  removeKey(SESSION_KEYS.hasToken);
  removeKey(SESSION_KEYS.permissions);
  removeKey(SESSION_KEYS.account);
  removeKey(SESSION_KEYS.principal);
  accountReadAt = 0;
  clearUserData();
  emitUserReset('end');
  refreshSession();
}

if (typeof window !== 'undefined') {
  // another tab signed in or out
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === SESSION_KEYS.hasToken || e.key === SESSION_KEYS.permissions) refreshSession();
  });
}
