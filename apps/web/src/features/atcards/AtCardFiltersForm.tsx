import { AT_CARD_STATES, NETWORK_OPERATOR_CODES } from '@rrp/contracts/constants';
import { useTranslation } from 'react-i18next';
import { KeywordFiltersForm } from '../../lib/KeywordFiltersForm';
import type { AtCardListRequest } from './api';
import { atOperatorLabel, atStateLabel } from './labels';

/** The filters of the slot list (the request without its page). */
export type AtCardFilters = Omit<AtCardListRequest, 'pageNum' | 'pageSize'>;

/** The slot list's filters, read from the URL; applying them writes it. */
export function AtCardFiltersForm({ filters, onApply }: { filters: AtCardFilters; onApply: (filters: AtCardFilters) => void }) {
  const { t } = useTranslation();
  return (
    <KeywordFiltersForm
      prefix="atcard"
      texts={{
        keyword: t('atcards:filter.keyword'),
        keywordPlaceholder: t('atcards:filter.keywordPlaceholder'),
        state: t('atcards:field.state'),
        operator: t('atcards:field.operator'),
        all: t('atcards:filter.all'),
        search: t('atcards:filter.search'),
        reset: t('atcards:filter.reset'),
      }}
      states={AT_CARD_STATES.map((s) => ({ value: s, label: atStateLabel(t, s) }))}
      operators={NETWORK_OPERATOR_CODES.map((c) => ({ value: c, label: atOperatorLabel(t, c) }))}
      values={filters}
      onApply={onApply}
    />
  );
}
