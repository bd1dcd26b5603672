import { LIMITS } from '@rrp/contracts/constants';
import { useSyncExternalStore } from 'react';
import { HOME_PATH } from '../lib/paths';
import { readJson, removeKey, writeJson } from '../lib/storage';
import { HISTORY_STORAGE_KEY, onUserReset, TABS_STORAGE_KEY } from '../lib/userData';

/**
 * Opened tabs and recently visited pages. Both lists keep at most 5 items (home counts as one
 * tab and is never closed) and survive a reload through localStorage. They belong to the
 * person signed in: a session end clears them and another account starts with home only
 * (lib/userData.ts).
 */
export type TabItem = { key: string; url: string; titleKey: string; closable: boolean };
export type HistoryItem = { key: string; url: string; titleKey: string; time: number };

export { HISTORY_STORAGE_KEY, TABS_STORAGE_KEY };

export const HOME_TAB: TabItem = { key: HOME_PATH, url: HOME_PATH, titleKey: 'menu:page.home', closable: false };

/** Adds or refreshes a tab; past the limit the oldest closable tab is dropped. */
export function addTab(tabs: readonly TabItem[], tab: TabItem, max: number = LIMITS.tabsKept): TabItem[] {
  const base = withHome(tabs);
  const i = base.findIndex((t) => t.key === tab.key);
  if (i >= 0) {
    if (base[i].url === tab.url && base[i].titleKey === tab.titleKey) return base;
    const next = [...base];
    next[i] = { ...base[i], url: tab.url, titleKey: tab.titleKey };
    return next;
  }
  const next = [...base, tab];
  while (next.length > max) {
    const drop = next.findIndex((t) => t.closable && t.key !== tab.key);
    if (drop < 0) break;
    next.splice(drop, 1);
  }
  return next;
}

export function removeTab(tabs: readonly TabItem[], key: string): TabItem[] {
  return withHome(tabs).filter((t) => t.key !== key || !t.closable);
}

export function keepOnly(tabs: readonly TabItem[], key: string): TabItem[] {
  return withHome(tabs).filter((t) => !t.closable || t.key === key);
}

export function addHistory(items: readonly HistoryItem[], item: HistoryItem, max: number = LIMITS.historyKept): HistoryItem[] {
  return [item, ...items.filter((h) => h.key !== item.key)].slice(0, max);
}

function withHome(tabs: readonly TabItem[]): TabItem[] {
  const rest = tabs.filter((t) => t.key !== HOME_PATH);
  const home = tabs.find((t) => t.key === HOME_PATH);
  return [home ? { ...home, closable: false } : HOME_TAB, ...rest];
}

type State = {
  tabs: TabItem[];
  history: HistoryItem[];
  /** counts resets, so the console can re-open the current page's tab afterwards */
  epoch: number;
};

function load(epoch: number): State {
  const tabs = readJson<TabItem[]>(TABS_STORAGE_KEY, []);
  const history = readJson<HistoryItem[]>(HISTORY_STORAGE_KEY, []);
  return {
    tabs: withHome(Array.isArray(tabs) ? tabs : []).slice(0, LIMITS.tabsKept),
    history: Array.isArray(history) ? history.slice(0, LIMITS.historyKept) : [],
    epoch,
  };
}

let state: State = load(0);
const listeners = new Set<() => void>();

function set(next: Partial<State>): void {
  state = { ...state, ...next };
  if (next.tabs) writeJson(TABS_STORAGE_KEY, state.tabs);
  if (next.history) writeJson(HISTORY_STORAGE_KEY, state.history);
  for (const l of listeners) l();
}

export const tabsStore = {
  get: (): State => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open(tab: TabItem): void {
    const tabs = addTab(state.tabs, tab);
    const history = addHistory(state.history, { key: tab.key, url: tab.url, titleKey: tab.titleKey, time: Date.now() });
    set({ tabs: tabs === state.tabs ? state.tabs : tabs, history });
  },
  close(key: string): void {
    set({ tabs: removeTab(state.tabs, key) });
  },
  closeOthers(key: string): void {
    set({ tabs: keepOnly(state.tabs, key) });
  },
  closeAll(): void {
    set({ tabs: [HOME_TAB] });
  },
  /** forget everything (sign-out, session end, another account) */
  reset(): void {
    removeKey(TABS_STORAGE_KEY);
    removeKey(HISTORY_STORAGE_KEY);
    state = { tabs: [HOME_TAB], history: [], epoch: state.epoch + 1 };
    for (const l of listeners) l();
  },
  /** re-read localStorage (tests) */
  reload(): void {
    state = load(state.epoch);
    for (const l of listeners) l();
  },
};

// the session ended, or the account signed in is not the one these tabs belong to
onUserReset((reason) => {
  if (reason !== 'start') tabsStore.reset();
});

export function useTabsState(): State {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get, tabsStore.get);
}
