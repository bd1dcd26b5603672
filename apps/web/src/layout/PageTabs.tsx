import { HistoryOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRoute, HOME_PATH } from '../app/routes';
import { type TabItem, tabsStore, useTabsState } from './tabsStore';

/** The tab bar of opened pages: closable (except home), with a right-click menu and recent history. */
export function PageTabs() {
  const { t } = useTranslation();
  const { tabs, history } = useTabsState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeKey = findRoute(pathname)?.path ?? '';

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

  const historyItems: MenuProps['items'] = history.length
    ? history.map((h) => ({ key: h.key, label: t(h.titleKey) }))
    : [{ key: 'empty', label: t('layout:tabs.noHistory'), disabled: true }];

  return (
    <div className="page-tabs" data-testid="page-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab) navigate(tab.url);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          closable: tab.closable,
          label: (
            <Dropdown trigger={['contextMenu']} menu={{ items: contextItems(tab), onClick: ({ key }) => onContext(tab, key) }}>
              <span data-testid={`tab-${tab.key}`} className="page-tab-label">
                {t(tab.titleKey)}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
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
                <Button type="text" size="small" icon={<HistoryOutlined />} aria-label={t('layout:tabs.history')} />
              </Tooltip>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
