import { useTranslation } from 'react-i18next';
import { termsEn } from './content/terms.en';
import { termsZh } from './content/terms.zh';
import { LegalShell } from './LegalShell';

/** The service agreement, in the current language. */
export default function TermsPage() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return <LegalShell doc={en ? termsEn : termsZh} lang={en ? 'en' : 'zh-CN'} />;
}
