import { Form, Input, Select } from 'antd';
import { FilterBar } from './list';

/** A list's filters: a keyword, a state and an operator, each only when set. */
export type KeywordFilters<S extends string, O extends string> = { keyword?: string; state?: S; operatorCode?: O };

type Option<V extends string> = { value: V; label: string };

type Props<S extends string, O extends string> = {
  /** the class and test-id prefix: `<prefix>-filters`, `<prefix>-filter-keyword`, … */
  prefix: string;
  texts: { keyword: string; keywordPlaceholder: string; state: string; operator: string; all: string; search: string; reset: string };
  states: Option<S>[];
  operators: Option<O>[];
  /** the filters the list shows now (read from the URL) */
  values: KeywordFilters<S, O>;
  onApply: (filters: KeywordFilters<S, O>) => void;
};

/** The keyword limit of the list requests (zKeyword). */
const KEYWORD_MAX = 50;

/** The form's values as the request's filters: only those set, the keyword trimmed. */
export function filtersOf<S extends string, O extends string>(v: KeywordFilters<S, O>): KeywordFilters<S, O> {
  const out: KeywordFilters<S, O> = {};
  const keyword = v.keyword?.trim();
  if (keyword) out.keyword = keyword;
  if (v.state) out.state = v.state;
  if (v.operatorCode) out.operatorCode = v.operatorCode;
  return out;
}

/** The filter bar of the eSIM and AT card lists: keyword, state, operator, search and reset. */
export function KeywordFiltersForm<S extends string, O extends string>({ prefix, texts, states, operators, values, onApply }: Props<S, O>) {
  return (
    <FilterBar<KeywordFilters<S, O>> prefix={prefix} values={values} onApply={(v) => onApply(filtersOf(v))} searchText={texts.search} resetText={texts.reset}>
      <Form.Item name="keyword" label={texts.keyword}>
        <Input
          allowClear
          maxLength={KEYWORD_MAX}
          placeholder={texts.keywordPlaceholder}
          translate="no"
          autoCapitalize="off"
          spellCheck={false}
          className={`${prefix}-filter-keyword`}
          data-testid={`${prefix}-filter-keyword`}
        />
      </Form.Item>
      <Form.Item name="state" label={texts.state}>
        <Select allowClear className={`${prefix}-filter-select`} placeholder={texts.all} data-testid={`${prefix}-filter-state`} options={states} />
      </Form.Item>
      <Form.Item name="operatorCode" label={texts.operator}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className={`${prefix}-filter-select`}
          placeholder={texts.all}
          data-testid={`${prefix}-filter-operator`}
          options={operators}
        />
      </Form.Item>
    </FilterBar>
  );
}
