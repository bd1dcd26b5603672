import { readText, removeKey, writeText } from './storage';

/**
 * Data kept in this browser for the person who is signed in (open tabs, recent pages). It must
 * never carry over to the next person: it is cleared when a session ends (sign-out, 88003 /
 * 88016) and reset when an account other than its owner signs in.
 */
export const TABS_STORAGE_KEY = 'rrp.tabs';
export const HISTORY_STORAGE_KEY = 'rrp.history';
/** the user id the stored tabs and history belong to */
export const OWNER_STORAGE_KEY = 'rrp.owner';
export const USER_DATA_KEYS: readonly string[] = [TABS_STORAGE_KEY, HISTORY_STORAGE_KEY];

/**
 * Why per-person state in memory must be dropped: a new session started (cached server data is
 * stale), the session ended, or the stored data belonged to another account.
 */
export type ResetReason = 'start' | 'end' | 'user';

const listeners = new Set<(reason: ResetReason) => void>();

export function onUserReset(listener: (reason: ResetReason) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitUserReset(reason: ResetReason): void {
  for (const l of listeners) l(reason);
}

export function clearUserData(): void {
  for (const key of USER_DATA_KEYS) removeKey(key);
  removeKey(OWNER_STORAGE_KEY);
}

/**
 * Makes `userId` the owner of the stored data. Data of another (or an unknown) owner is
 * removed; returns true when that happened.
 */
export function claimUserData(userId: string): boolean {
  if (readText(OWNER_STORAGE_KEY) === userId) return false;
  clearUserData();
  writeText(OWNER_STORAGE_KEY, userId);
  return true;
}
