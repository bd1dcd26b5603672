import { BellOutlined, GlobalOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MessageOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Divider, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeedbackModal } from '../../features/feedback/FeedbackModal';
import { HOME_PATH } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { FullscreenToggle } from './FullscreenToggle';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { PhoneHeader } from './PhoneHeader';
import { useHeaderActions } from './useHeaderActions';

export type { OpenAnnouncementState } from './useHeaderActions';

type Props = { collapsed: boolean; onToggle: () => void; phone?: boolean };

export function AppHeader({ collapsed, onToggle, phone = false }: Props) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <div className="app-header">
      {phone ? (
        <PhoneHeader onMenu={onToggle} onFeedback={() => setFeedbackOpen(true)} />
      ) : (
        <WideHeader collapsed={collapsed} onToggle={onToggle} onFeedback={() => setFeedbackOpen(true)} />
      )}
      <FeedbackModal open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </div>
  );
}

function WideHeader({ collapsed, onToggle, onFeedback }: { collapsed: boolean; onToggle: () => void; onFeedback: () => void }) {
  const { t } = useTranslation();
  const { account } = useSession();
  const actions = useHeaderActions();
  const toggleLabel = collapsed ? t('layout:header.expandMenu') : t('layout:header.collapseMenu');
  return (
    <>
      <Space size={8} className="app-header-left">
        <Link to={HOME_PATH} title={t('layout:header.home')}>
          <Logo title={t('common:appName')} />
        </Link>
        <Tooltip title={toggleLabel}>
          <Button type="text" aria-label={toggleLabel} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={onToggle} />
        </Tooltip>
      </Space>
      <Space size={4} className="app-header-right" wrap={false}>
        <FullscreenToggle />
        <Button type="text" icon={<QuestionCircleOutlined />} data-testid="header-help" aria-label={t('layout:header.help')} onClick={actions.help}>
          <span className="header-label">{t('layout:header.help')}</span>
        </Button>
        {actions.officialSiteUrl && (
          <Button
            type="text"
            icon={<GlobalOutlined />}
            aria-label={t('layout:header.officialSite')}
            href={actions.officialSiteUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className="header-label">{t('layout:header.officialSite')}</span>
          </Button>
        )}
        <Button type="text" icon={<MessageOutlined />} data-testid="feedback-open" aria-label={t('layout:header.feedback')} onClick={onFeedback}>
          <span className="header-label">{t('layout:header.feedback')}</span>
        </Button>
        <Tooltip title={t('layout:header.announcements')}>
          <Button type="text" aria-label={t('layout:header.announcements')} data-testid="header-bell" icon={<BellOutlined />} onClick={actions.announcements} />
        </Tooltip>
        <LanguageSwitch />
        <Divider orientation="vertical" />
        <span className="header-account" data-testid="header-account">
          <Typography.Text className="header-phone">{account?.telephone ?? '—'}</Typography.Text>
          {account?.roleName && <Tag color="blue">{account.roleName}</Tag>}
        </span>
        <Tooltip title={t('layout:header.logout')}>
          <Button type="text" danger icon={<LogoutOutlined />} data-testid="logout" aria-label={t('layout:header.logout')} onClick={actions.logout} />
        </Tooltip>
      </Space>
    </>
  );
}
