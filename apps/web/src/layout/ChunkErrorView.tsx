import { useTranslation } from 'react-i18next';

/**
 * Shown when part of the app could not be downloaded (network lost, or a new version replaced
 * the files). Part of the first download and written without antd, so it can always render.
 */
export function ChunkErrorView({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chunk-error" role="alert" data-testid="chunk-error">
      <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
        <circle cx="28" cy="28" r="26" fill="#fff4e5" />
        <path d="M16 24a17 17 0 0 1 24 0M20.5 29a11 11 0 0 1 15 0M25 34a5 5 0 0 1 6 0" stroke="#d46b08" strokeWidth="2.6" fill="none" strokeLinecap="round" />
        <circle cx="28" cy="39" r="2" fill="#d46b08" />
      </svg>
      <h2 className="chunk-error-title">{t('common:chunkError.title')}</h2>
      <p className="chunk-error-text">{t('common:chunkError.text')}</p>
      <div className="chunk-error-actions">
        <button type="button" className="plain-btn plain-btn-primary" onClick={() => window.location.reload()}>
          {t('common:chunkError.reload')}
        </button>
        <button type="button" className="plain-btn" onClick={onRetry}>
          {t('common:action.retry')}
        </button>
      </div>
    </div>
  );
}
