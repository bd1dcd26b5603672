import { BellOutlined, GlobalOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MessageOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Divider, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { APP_CONFIG } from '../../app/config';
import { HOME_PATH } from '../../app/routes';
import { useLogout } from '../../features/auth/useLogout';
import { FeedbackModal } from '../../features/feedback/FeedbackModal';
import { useSession } from '../../lib/session';
import { FullscreenToggle } from './FullscreenToggle';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

export type OpenAnnouncementState = { openAnnouncement: number };

export function AppHeader({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useSession();
  const logout = useLogout();
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <div className="app-header">
      <Space size={8} className="app-header-left">
        <Link to={HOME_PATH} aria-label={t('layout:header.home')}>
          <Logo title={t('common:appName')} />
        </Link>
        <Tooltip title={collapsed ? t('layout:header.expandMenu') : t('layout:header.collapseMenu')}>
          <Button
            type="text"
            aria-label={collapsed ? t('layout:header.expandMenu') : t('layout:header.collapseMenu')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggle}
          />
        </Tooltip>
      </Space>
      <Space size={4} className="app-header-right" wrap={false}>
        <FullscreenToggle />
        <Button type="text" icon={<QuestionCircleOutlined />} data-testid="header-help" onClick={() => navigate('/document')}>
          <span className="header-label">{t('layout:header.help')}</span>
        </Button>
        <Button type="text" icon={<GlobalOutlined />} href={APP_CONFIG.officialSite} target="_blank" rel="noopener noreferrer">
          <span className="header-label">{t('layout:header.officialSite')}</span>
        </Button>
        <Button type="text" icon={<MessageOutlined />} data-testid="feedback-open" onClick={() => setFeedbackOpen(true)}>
          <span className="header-label">{t('layout:header.feedback')}</span>
        </Button>
        <Tooltip title={t('layout:header.announcements')}>
          <Button
            type="text"
            aria-label={t('layout:header.announcements')}
            data-testid="header-bell"
            icon={<BellOutlined />}
            onClick={() => navigate(HOME_PATH, { state: { openAnnouncement: Date.now() } satisfies OpenAnnouncementState })}
          />
        </Tooltip>
        <LanguageSwitch />
        <Divider orientation="vertical" />
        <span className="header-account" data-testid="header-account">
          <Typography.Text className="header-phone">{account?.telephone ?? '—'}</Typography.Text>
          {account?.roleName && <Tag color="blue">{account.roleName}</Tag>}
        </span>
        <Tooltip title={t('layout:header.logout')}>
          <Button type="text" danger icon={<LogoutOutlined />} data-testid="logout" aria-label={t('layout:header.logout')} onClick={() => void logout()} />
        </Tooltip>
      </Space>
      <FeedbackModal open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </div>
  );
}
