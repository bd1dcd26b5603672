import {
  BellOutlined,
  CheckOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MenuOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LOCALES, type Locale } from '@rrp/contracts/constants';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n';
import { HOME_PATH } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { LogoMark } from './Logo';
import { useHeaderActions } from './useHeaderActions';
import { useSwitchLanguage } from './useSwitchLanguage';

/**
 * The header below the `md` breakpoint: the menu button (the side menu is a drawer there), the
 * logo, and one account menu holding language, announcements, help, feedback and sign-out.
 */
export function PhoneHeader({ onMenu, onFeedback }: { onMenu: () => void; onFeedback: () => void }) {
  const { t } = useTranslation();
  const switchTo = useSwitchLanguage();
  const { account } = useSession();
  const actions = useHeaderActions();
  const current = currentLocale();

  const items: MenuProps['items'] = [
    {
      key: 'account',
      disabled: true,
      label: (
        <span className="phone-account" data-testid="header-account">
          <span className="header-phone">{account?.telephone ?? '—'}</span>
          {account?.roleName && <span className="phone-account-role">{account.roleName}</span>}
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'announcements', icon: <BellOutlined />, label: <span data-testid="header-bell">{t('layout:header.announcements')}</span> },
    { key: 'help', icon: <QuestionCircleOutlined />, label: <span data-testid="header-help">{t('layout:header.help')}</span> },
    { key: 'feedback', icon: <MessageOutlined />, label: <span data-testid="feedback-open">{t('layout:header.feedback')}</span> },
    ...(actions.officialSiteUrl ? [{ key: 'site', icon: <GlobalOutlined />, label: t('layout:header.officialSite') }] : []),
    {
      type: 'group',
      label: t('common:language.switch'),
      children: LOCALES.map((lng) => ({
        key: `lang:${lng}`,
        icon: lng === current ? <CheckOutlined /> : <span className="phone-menu-spacer" />,
        label: (
          <span data-testid={`lang-${lng}`} lang={lng}>
            {t(`common:language.${lng}`)}
          </span>
        ),
      })),
    },
    { type: 'divider' },
    { key: 'logout', danger: true, icon: <LogoutOutlined />, label: <span data-testid="logout">{t('layout:header.logout')}</span> },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('lang:')) {
      switchTo(key.slice(5) as Locale);
      return;
    }
    if (key === 'announcements') actions.announcements();
    else if (key === 'help') actions.help();
    else if (key === 'feedback') onFeedback();
    else if (key === 'site') actions.officialSite();
    else if (key === 'logout') actions.logout();
  };

  return (
    <>
      <div className="app-header-left">
        <Button type="text" icon={<MenuOutlined />} aria-label={t('layout:header.openMenu')} data-testid="menu-open" onClick={onMenu} />
        <Link to={HOME_PATH} title={t('layout:header.home')} className="phone-logo">
          <LogoMark size={26} />
          <span className="app-logo-text">{t('common:appName')}</span>
        </Link>
      </div>
      {/* the menu lives in the sticky header, so a page scroll never moves it away from its button */}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items, onClick }}
        overlayClassName="phone-account-menu"
        getPopupContainer={(button) => button.closest('.console-header') ?? document.body}
      >
        <Button type="text" icon={<UserOutlined />} aria-label={t('layout:header.accountMenu')} data-testid="account-menu" />
      </Dropdown>
    </>
  );
}
