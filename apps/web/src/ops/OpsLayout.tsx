import { LogoutOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Skeleton, Space, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../features/auth/useLogout';
import { LanguageSwitch } from '../layout/header/LanguageSwitch';
import { LogoMark } from '../layout/header/Logo';
import { useFocusableScrollRegions } from '../lib/useFocusableScrollRegions';
import { usePageTitle } from '../lib/usePageTitle';
import { useStaffAccount } from './account/api';
import { OPS_ROUTES } from './routes';
import './ops.css';

/** The back office frame: the staff menu, the staff member, language and sign-out. */
export function OpsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logout = useLogout();
  const me = useStaffAccount();
  const current = OPS_ROUTES.find((r) => r.path === pathname);
  usePageTitle(current ? t(current.titleKey) : t('ops:title'));
  useFocusableScrollRegions();
  const allowed = OPS_ROUTES.filter((r) => !me.data || me.data.permissionsList.includes(r.permission));
  return (
    <Layout className="ops-layout">
      <Layout.Header className="ops-header">
        <Space size={12} className="ops-brand">
          <LogoMark size={28} />
          <Typography.Text strong className="ops-brand-text">
            {t('ops:title')}
          </Typography.Text>
        </Space>
        <Space size={8} wrap={false}>
          {me.data && (
            <span className="ops-me" data-testid="ops-me" translate="no">
              {me.data.name || me.data.email}
            </span>
          )}
          <LanguageSwitch />
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()} aria-label={t('ops:signOut')} data-testid="ops-logout">
            <span className="ops-hide-phone">{t('ops:signOut')}</span>
          </Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider breakpoint="md" collapsedWidth={0} width={208} theme="light" className="ops-sider">
          <Menu
            mode="inline"
            selectedKeys={[pathname]}
            items={allowed.map((r) => ({
              key: r.path,
              icon: <r.icon />,
              label: <span data-testid={`ops-menu-${r.path.split('/')[2]}`}>{t(r.titleKey)}</span>,
            }))}
            onClick={({ key }) => void navigate(key)}
          />
        </Layout.Sider>
        <Layout.Content className="ops-content">
          <Suspense fallback={<Skeleton active />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
