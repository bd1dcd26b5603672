import { useTranslation } from 'react-i18next';
import { privacyEn } from './content/privacy.en';
import { LegalShell } from './LegalShell';

/** The privacy policy in English (/privacy-policy-en). */
export default function PrivacyEnPage() {
  const { t } = useTranslation();
  return <LegalShell doc={privacyEn} lang="en" alternate={{ to: '/privacy-policy', label: t('legal:chineseVersion') }} />;
}
