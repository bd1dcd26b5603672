import { Drawer, FloatButton, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { readText, writeText } from '../lib/storage';
import { useFocusableScrollRegions } from '../lib/useFocusableScrollRegions';
import { useIsPhone } from '../lib/useIsPhone';
import { Breadcrumbs } from './Breadcrumbs';
import { CustomerService } from './CustomerService';
import { ErrorBoundary } from './ErrorBoundary';
import { AppHeader } from './header/AppHeader';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageTabs } from './PageTabs';
import { SideMenu } from './SideMenu';
import { useAccountRefresh, useDocumentTitle, useTrackTabs } from './useConsoleEffects';

/** Menu widths of spec section 2: 217 px in Chinese, 247 px in English, 64 px collapsed. */
export const SIDER_WIDTH = { 'zh-CN': 217, en: 247, collapsed: 64 } as const;
const COLLAPSED_KEY = 'rrp.menuCollapsed';

export default function ConsoleLayout() {
  const { i18n, t } = useTranslation();
  const { pathname } = useLocation();
  const phone = useIsPhone();
  const [collapsed, setCollapsed] = useState(() => readText(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  useTrackTabs();
  useAccountRefresh();
  useDocumentTitle();
  useFocusableScrollRegions();

  // the phone's menu drawer closes once a page was chosen
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname only triggers the close
  useEffect(() => setDrawerOpen(false), [pathname, phone]);

  const toggle = () => {
    if (phone) {
      setDrawerOpen(true);
      return;
    }
    setCollapsed((c) => {
      writeText(COLLAPSED_KEY, String(!c));
      return !c;
    });
  };
  const siderWidth = i18n.language === 'en' ? SIDER_WIDTH.en : SIDER_WIDTH['zh-CN'];

  return (
    <Layout className={phone ? 'console console-phone' : 'console'}>
      <Layout.Header className="console-header">
        <AppHeader collapsed={collapsed} onToggle={toggle} phone={phone} />
      </Layout.Header>
      <Layout hasSider={!phone}>
        {phone ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={Math.min(siderWidth + 40, 300)}
            title={t('common:appName')}
            className="menu-drawer"
            data-testid="menu-drawer"
          >
            <SideMenu collapsed={false} />
          </Drawer>
        ) : (
          <Layout.Sider className="console-sider" width={siderWidth} collapsedWidth={SIDER_WIDTH.collapsed} collapsed={collapsed} trigger={null} theme="light">
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
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
