import { AC_OPERATOR_CODES, AC_STATUSES } from '@rrp/contracts/constants';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../lib/list';
import type { AcListRequest, AcOperatorCode, AcStatus } from './api';
import { acOperatorLabel, acStatusLabel } from './labels';

/** The filters of the AC list (the request without its page). */
export type AcFilters = Omit<AcListRequest, 'pageNum' | 'pageSize'>;

type Values = { status?: AcStatus; operatorCode?: AcOperatorCode; keyword?: string };

/** The keyword limit of the list request (zKeyword). */
const KEYWORD_MAX = 50;

/** The form's values as the request's filters: only those set, the keyword trimmed. */
export function filtersOf(v: Values): AcFilters {
  const out: AcFilters = {};
  if (v.status) out.status = v.status;
  if (v.operatorCode) out.operatorCode = v.operatorCode;
  const keyword = v.keyword?.trim();
  if (keyword) out.keyword = keyword;
  return out;
}

/** The AC list's filters, read from the URL; applying them writes it. */
export function AcFiltersForm({ filters, onApply }: { filters: AcFilters; onApply: (filters: AcFilters) => void }) {
  const { t } = useTranslation();
  const all = t('ac:list.all');
  return (
    <FilterBar<Values> prefix="ac" values={filters} onApply={(v) => onApply(filtersOf(v))} searchText={t('ac:list.search')} resetText={t('ac:list.reset')}>
      <Form.Item name="status" label={t('ac:field.status')}>
        <Select
          allowClear
          className="ac-filter-select"
          placeholder={all}
          data-testid="ac-filter-status"
          options={AC_STATUSES.map((s) => ({ value: s, label: acStatusLabel(t, s) }))}
        />
      </Form.Item>
      <Form.Item name="operatorCode" label={t('ac:field.operator')}>
        <Select
          allowClear
          className="ac-filter-select"
          placeholder={all}
          data-testid="ac-filter-operator"
          options={AC_OPERATOR_CODES.map((c) => ({ value: c, label: acOperatorLabel(t, c) }))}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('ac:list.keyword')}>
        <Input
          allowClear
          maxLength={KEYWORD_MAX}
          placeholder={t('ac:list.keywordPlaceholder')}
          translate="no"
          autoCapitalize="off"
          spellCheck={false}
          className="ac-filter-keyword"
          data-testid="ac-filter-keyword"
        />
      </Form.Item>
    </FilterBar>
  );
}
