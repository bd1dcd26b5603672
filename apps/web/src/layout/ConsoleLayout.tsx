import { FloatButton, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { readText, writeText } from '../lib/storage';
import { Breadcrumbs } from './Breadcrumbs';
import { CustomerService } from './CustomerService';
import { AppHeader } from './header/AppHeader';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageTabs } from './PageTabs';
import { SideMenu } from './SideMenu';
import { useAccountRefresh, useDocumentTitle, useTrackTabs } from './useConsoleEffects';

/** Menu widths of spec section 2: 217 px in Chinese, 247 px in English, 64 px collapsed. */
export const SIDER_WIDTH = { 'zh-CN': 217, en: 247, collapsed: 64 } as const;
const COLLAPSED_KEY = 'rrp.menuCollapsed';

export default function ConsoleLayout() {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => readText(COLLAPSED_KEY) === 'true');
  useTrackTabs();
  useAccountRefresh();
  useDocumentTitle();

  const toggle = () => {
    setCollapsed((c) => {
      writeText(COLLAPSED_KEY, String(!c));
      return !c;
    });
  };

  return (
    <Layout className="console">
      <Layout.Header className="console-header">
        <AppHeader collapsed={collapsed} onToggle={toggle} />
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          className="console-sider"
          width={i18n.language === 'en' ? SIDER_WIDTH.en : SIDER_WIDTH['zh-CN']}
          collapsedWidth={SIDER_WIDTH.collapsed}
          collapsed={collapsed}
          trigger={null}
          theme="light"
        >
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
        <Layout className="console-main">
          <PageTabs />
          <Layout.Content className="console-content">
            <Breadcrumbs />
            <ErrorBoundary resetKey={pathname}>
              <KeepAliveOutlet />
            </ErrorBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
      <CustomerService />
      <FloatButton.BackTop visibilityHeight={300} />
    </Layout>
  );
}
