import { CloseOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/paths';
import { useFindRoute } from './routeTable';
import { type TabItem, tabsStore, useTabsState } from './tabsStore';

/**
 * The tab bar of opened pages: closable (except home), with a right-click menu and recent history.
 * Written as the ARIA tabs pattern: the tab list holds only tabs (the × is a mouse shortcut; the
 * keyboard closes with Delete), arrows move between tabs, and the history button sits outside it.
 */
export function PageTabs() {
  const findRoute = useFindRoute();
  const { t } = useTranslation();
  const { tabs, history } = useTabsState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeKey = findRoute(pathname)?.path ?? '';
  const list = useRef<HTMLDivElement>(null);

  // the active tab is scrolled into view when the bar is narrower than its tabs (phones)
  // biome-ignore lint/correctness/useExhaustiveDependencies: activeKey only triggers the scroll
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeKey]);

  const close = (key: string) => {
    const i = tabs.findIndex((x) => x.key === key);
    if (i < 0 || !tabs[i].closable) return;
    tabsStore.close(key);
    if (key === activeKey) {
      const neighbour = tabs[i - 1] ?? tabs[i + 1];
      navigate(neighbour?.url ?? HOME_PATH);
    }
  };
  const closeOthers = (key: string) => {
    const tab = tabs.find((x) => x.key === key);
    tabsStore.closeOthers(key);
    if (tab && key !== activeKey) navigate(tab.url);
  };
  const closeAll = () => {
    tabsStore.closeAll();
    if (activeKey !== HOME_PATH) navigate(HOME_PATH);
  };

  const contextItems = (tab: TabItem): MenuProps['items'] => [
    { key: 'close', label: t('layout:tabs.close'), disabled: !tab.closable },
    { key: 'closeOthers', label: t('layout:tabs.closeOthers'), disabled: tabs.length <= (tab.closable ? 2 : 1) },
    { key: 'closeAll', label: t('layout:tabs.closeAll'), disabled: tabs.length <= 1 },
  ];
  const onContext = (tab: TabItem, key: string) => {
    if (key === 'close') close(tab.key);
    else if (key === 'closeOthers') closeOthers(tab.key);
    else if (key === 'closeAll') closeAll();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, tab: TabItem) => {
    const i = tabs.findIndex((x) => x.key === tab.key);
    const move = (to: number) => {
      const all = list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [];
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowRight') move(i + 1);
    else if (e.key === 'ArrowLeft') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(tabs.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') navigate(tab.url);
    else if (e.key === 'Delete') close(tab.key);
    else return;
    e.preventDefault();
  };

  const historyItems: MenuProps['items'] = history.length
    ? history.map((h) => ({ key: h.key, label: t(h.titleKey) }))
    : [{ key: 'empty', label: t('layout:tabs.noHistory'), disabled: true }];

  return (
    <div className="page-tabs" data-testid="page-tabs">
      <div className="page-tabs-list" role="tablist" aria-label={t('layout:tabs.label')} ref={list}>
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <Dropdown key={tab.key} trigger={['contextMenu']} menu={{ items: contextItems(tab), onClick: ({ key }) => onContext(tab, key) }}>
              <div
                role="tab"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                data-tab-key={tab.key}
                className={active ? 'page-tab page-tab-active' : 'page-tab'}
                onClick={() => navigate(tab.url)}
                onKeyDown={(e) => onKeyDown(e, tab)}
              >
                <span data-testid={`tab-${tab.key}`} className="page-tab-label">
                  {t(tab.titleKey)}
                </span>
                {tab.closable && (
                  <span
                    className="page-tab-close"
                    aria-hidden="true"
                    data-testid={`tab-close-${tab.key}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      close(tab.key);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown
        trigger={['click']}
        menu={{
          items: historyItems,
          onClick: ({ key }) => {
            const h = history.find((x) => x.key === key);
            if (h) navigate(h.url);
          },
        }}
      >
        <Tooltip title={t('layout:tabs.history')}>
          <Button type="text" size="small" icon={<HistoryOutlined />} aria-label={t('layout:tabs.history')} className="page-tabs-history" />
        </Tooltip>
      </Dropdown>
    </div>
  );
}
