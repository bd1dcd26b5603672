import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { NetworkOperatorCode } from '@rrp/contracts';
import { AT_CARD_STATES, NETWORK_OPERATOR_CODES } from '@rrp/contracts/constants';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AtCardListRequest, AtCardState } from './api';
import { atOperatorLabel, atStateLabel } from './labels';

/** The filters of the slot list (the request without its page). */
export type AtCardFilters = Omit<AtCardListRequest, 'pageNum' | 'pageSize'>;

type Values = { state?: AtCardState; operatorCode?: NetworkOperatorCode; keyword?: string };

/** The keyword limit of the list request (zKeyword). */
const KEYWORD_MAX = 50;

/** The form's values as the request's filters: only those set, the keyword trimmed. */
export function filtersOf(v: Values): AtCardFilters {
  const out: AtCardFilters = {};
  if (v.state) out.state = v.state;
  if (v.operatorCode) out.operatorCode = v.operatorCode;
  const keyword = v.keyword?.trim();
  if (keyword) out.keyword = keyword;
  return out;
}

export function AtCardFiltersForm({ onApply }: { onApply: (filters: AtCardFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const all = t('atcards:filter.all');
  return (
    <Form<Values> form={form} layout="inline" className="atcard-filters" name="atcard-filters" onFinish={(v) => onApply(filtersOf(v))}>
      <Form.Item name="keyword" label={t('atcards:filter.keyword')}>
        <Input
          allowClear
          maxLength={KEYWORD_MAX}
          placeholder={t('atcards:filter.keywordPlaceholder')}
          translate="no"
          autoCapitalize="off"
          spellCheck={false}
          className="atcard-filter-keyword"
          data-testid="atcard-filter-keyword"
        />
      </Form.Item>
      <Form.Item name="state" label={t('atcards:field.state')}>
        <Select
          allowClear
          className="atcard-filter-select"
          placeholder={all}
          data-testid="atcard-filter-state"
          options={AT_CARD_STATES.map((s) => ({ value: s, label: atStateLabel(t, s) }))}
        />
      </Form.Item>
      <Form.Item name="operatorCode" label={t('atcards:field.operator')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="atcard-filter-select"
          placeholder={all}
          data-testid="atcard-filter-operator"
          options={NETWORK_OPERATOR_CODES.map((c) => ({ value: c, label: atOperatorLabel(t, c) }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="atcard-filter-search">
            {t('atcards:filter.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="atcard-filter-reset"
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('atcards:filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
