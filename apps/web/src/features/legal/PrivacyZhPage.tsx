import { useTranslation } from 'react-i18next';
import { privacyZh } from './content/privacy.zh';
import { LegalShell } from './LegalShell';

/** The privacy policy in Chinese (/privacy-policy). */
export default function PrivacyZhPage() {
  const { t } = useTranslation();
  return <LegalShell doc={privacyZh} lang="zh-CN" alternate={{ to: '/privacy-policy-en', label: t('legal:englishVersion') }} />;
}
