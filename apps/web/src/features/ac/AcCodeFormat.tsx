import { useTranslation } from 'react-i18next';

/** How an AC code is written (GSMA SGP.22), marked as code so it is neither translated nor wrapped mid-part. */
export function AcCodeFormat({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={className}>
      {t('ac:format.label')}{' '}
      <code translate="no" className="ac-format" data-testid="ac-code-format">
        {t('ac:format.value')}
      </code>
    </span>
  );
}
