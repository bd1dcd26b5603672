import { useTranslation } from 'react-i18next';

/** Placeholder until the page lands. */
export default function AtCardsPage() {
  const { t } = useTranslation('atcards');
  return <h1>{t('page.title')}</h1>;
}
