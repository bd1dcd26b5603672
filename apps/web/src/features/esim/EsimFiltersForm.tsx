import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { ESIM_STATES, NETWORK_OPERATOR_CODES } from '@rrp/contracts/constants';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EsimExportQuery, EsimState, NetworkOperatorCode } from './api';
import { esimOperatorLabel, esimStateLabel } from './labels';

/** The filters of the eSIM list: what the export takes too. */
export type EsimFilters = EsimExportQuery;

type Values = { keyword?: string; state?: EsimState; operatorCode?: NetworkOperatorCode };

/** The keyword limit of the list request (zKeyword). */
const KEYWORD_MAX = 50;

/** The form's values as the request's filters: only those set, the keyword trimmed. */
export function filtersOf(v: Values): EsimFilters {
  const out: EsimFilters = {};
  const keyword = v.keyword?.trim();
  if (keyword) out.keyword = keyword;
  if (v.state) out.state = v.state;
  if (v.operatorCode) out.operatorCode = v.operatorCode;
  return out;
}

export function EsimFiltersForm({ onApply }: { onApply: (filters: EsimFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const all = t('esim:list.all');
  return (
    <Form<Values> form={form} layout="inline" className="esim-filters" name="esim-filters" onFinish={(v) => onApply(filtersOf(v))}>
      <Form.Item name="keyword" label={t('esim:list.keyword')}>
        <Input
          allowClear
          maxLength={KEYWORD_MAX}
          placeholder={t('esim:list.keywordPlaceholder')}
          translate="no"
          autoCapitalize="off"
          spellCheck={false}
          className="esim-filter-keyword"
          data-testid="esim-filter-keyword"
        />
      </Form.Item>
      <Form.Item name="state" label={t('esim:field.state')}>
        <Select
          allowClear
          className="esim-filter-select"
          placeholder={all}
          data-testid="esim-filter-state"
          options={ESIM_STATES.map((s) => ({ value: s, label: esimStateLabel(t, s) }))}
        />
      </Form.Item>
      <Form.Item name="operatorCode" label={t('esim:field.operator')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          className="esim-filter-select"
          placeholder={all}
          data-testid="esim-filter-operator"
          options={NETWORK_OPERATOR_CODES.map((c) => ({ value: c, label: esimOperatorLabel(t, c) }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="esim-filter-search">
            {t('esim:list.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="esim-filter-reset"
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('esim:list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
