import { useTranslation } from 'react-i18next';

/** Placeholder until the page lands. */
export default function EsimListPage() {
  const { t } = useTranslation('esim');
  return <h1>{t('page.title')}</h1>;
}
