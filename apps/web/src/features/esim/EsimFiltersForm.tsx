import { ESIM_STATES, NETWORK_OPERATOR_CODES } from '@rrp/contracts/constants';
import { useTranslation } from 'react-i18next';
import { KeywordFiltersForm } from '../../lib/KeywordFiltersForm';
import type { EsimExportQuery } from './api';
import { esimOperatorLabel, esimStateLabel } from './labels';

/** The filters of the eSIM list: what the export takes too. */
export type EsimFilters = EsimExportQuery;

/** The eSIM list's filters, read from the URL; applying them writes it. */
export function EsimFiltersForm({ filters, onApply }: { filters: EsimFilters; onApply: (filters: EsimFilters) => void }) {
  const { t } = useTranslation();
  return (
    <KeywordFiltersForm
      prefix="esim"
      texts={{
        keyword: t('esim:list.keyword'),
        keywordPlaceholder: t('esim:list.keywordPlaceholder'),
        state: t('esim:field.state'),
        operator: t('esim:field.operator'),
        all: t('esim:list.all'),
        search: t('esim:list.search'),
        reset: t('esim:list.reset'),
      }}
      states={ESIM_STATES.map((s) => ({ value: s, label: esimStateLabel(t, s) }))}
      operators={NETWORK_OPERATOR_CODES.map((c) => ({ value: c, label: esimOperatorLabel(t, c) }))}
      values={filters}
      onApply={onApply}
    />
  );
}
