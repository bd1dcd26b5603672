import { beforeEach, describe, expect, test } from 'vitest';
import { addHistory, addTab, HOME_TAB, keepOnly, removeTab, TABS_STORAGE_KEY, type TabItem, tabsStore } from './tabsStore';

const tab = (key: string): TabItem => ({ key, url: key, titleKey: `t${key}`, closable: true });

describe('tabs model', () => {
  test('home is always the first tab', () => {
    expect(addTab([], tab('/a')).map((t) => t.key)).toEqual(['/home', '/a']);
  });

  test('keeps at most 5 tabs, dropping the oldest closable one', () => {
    let tabs: TabItem[] = [HOME_TAB];
    for (const k of ['/a', '/b', '/c', '/d', '/e', '/f']) tabs = addTab(tabs, tab(k));
    expect(tabs.map((t) => t.key)).toEqual(['/home', '/c', '/d', '/e', '/f']);
  });

  test('opening an open tab again does not add it twice but updates its url', () => {
    const tabs = addTab(addTab([HOME_TAB], tab('/a')), { ...tab('/a'), url: '/a?id=2' });
    expect(tabs).toHaveLength(2);
    expect(tabs[1].url).toBe('/a?id=2');
  });

  test('home cannot be closed', () => {
    const tabs = addTab([HOME_TAB], tab('/a'));
    expect(removeTab(tabs, '/home').map((t) => t.key)).toEqual(['/home', '/a']);
    expect(removeTab(tabs, '/a').map((t) => t.key)).toEqual(['/home']);
  });

  test('close others keeps home and the chosen tab', () => {
    let tabs: TabItem[] = [HOME_TAB];
    for (const k of ['/a', '/b', '/c']) tabs = addTab(tabs, tab(k));
    expect(keepOnly(tabs, '/b').map((t) => t.key)).toEqual(['/home', '/b']);
  });

  test('recent history keeps the 5 latest distinct pages, newest first', () => {
    let h: ReturnType<typeof addHistory> = [];
    for (const k of ['/a', '/b', '/a', '/c', '/d', '/e', '/f']) h = addHistory(h, { key: k, url: k, titleKey: k, time: 0 });
    expect(h.map((x) => x.key)).toEqual(['/f', '/e', '/d', '/c', '/a']);
  });
});

describe('tabs store', () => {
  beforeEach(() => {
    localStorage.clear();
    tabsStore.reset();
  });

  test('survives a reload through localStorage and still keeps 5', () => {
    for (const k of ['/a', '/b', '/c', '/d', '/e', '/f', '/g']) tabsStore.open(tab(k));
    expect(JSON.parse(localStorage.getItem(TABS_STORAGE_KEY) ?? '[]')).toHaveLength(5);
    tabsStore.reload();
    expect(tabsStore.get().tabs.map((t) => t.key)).toEqual(['/home', '/d', '/e', '/f', '/g']);
    expect(tabsStore.get().history.map((t) => t.key)).toEqual(['/g', '/f', '/e', '/d', '/c']);
  });

  test('close all leaves only home', () => {
    tabsStore.open(tab('/a'));
    tabsStore.open(tab('/b'));
    tabsStore.closeAll();
    expect(tabsStore.get().tabs).toEqual([HOME_TAB]);
  });

  test('a damaged stored list still yields home', () => {
    localStorage.setItem(TABS_STORAGE_KEY, '{"not":"a list"}');
    tabsStore.reload();
    expect(tabsStore.get().tabs).toEqual([HOME_TAB]);
  });
});
