import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@rrp/contracts/constants';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { useSwitchLanguage } from './useSwitchLanguage';

/** The console header's language dropdown; the public pages use the lighter LanguageMenu. */
export function LanguageSwitch({ variant = 'text' }: { variant?: 'text' | 'default' }) {
  const { t } = useTranslation();
  const switchTo = useSwitchLanguage();
  const current = currentLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LOCALES.map((lng) => ({ key: lng, label: <span data-testid={`lang-${lng}`}>{t(`common:language.${lng}`)}</span> })),
        onClick: ({ key }) => switchTo(key as Locale),
      }}
    >
      <Button
        type={variant}
        icon={<GlobalOutlined />}
        data-testid="lang-switch"
        aria-label={`${t(`common:language.${current}`)} - ${t('common:language.switch')}`}
      >
        {t(`common:language.${current}`)}
      </Button>
    </Dropdown>
  );
}
