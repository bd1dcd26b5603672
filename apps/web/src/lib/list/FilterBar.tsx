import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../useIsPhone';
import './filterBar.css';

type Props<V extends object> = {
  /** the class and test-id prefix: `<prefix>-filters`, `<prefix>-filter-search`, `<prefix>-filter-reset` */
  prefix: string;
  /** the form's values for the filters the list shows now (read from the URL) */
  values: V;
  onApply: (values: V) => void;
  /** the filter fields (`Form.Item`s named after the values) */
  children: ReactNode;
  form?: FormInstance<V>;
  searchText?: string;
  resetText?: string;
  /** applies each change at once (a select, a switch) as well as on search */
  applyOnChange?: boolean;
};

/** Every field of the form emptied, then `values` set. */
function replaceValues<V extends object>(form: FormInstance<V>, values: V) {
  const cleared = Object.fromEntries(Object.keys(form.getFieldsValue(true) as object).map((k) => [k, undefined]));
  form.setFieldsValue({ ...cleared, ...values } as Parameters<FormInstance<V>['setFieldsValue']>[0]);
}

/**
 * A list's filter form: its fields, Search and Reset. On a desktop the fields sit in a row and
 * wrap; on a phone each takes the full width with its label above, and the buttons their own row.
 * The URL is the source of truth: back/forward and links update the form. Only a change of the
 * list's filters does: a re-render, or the page's tab shown again, keeps what was typed but not
 * yet searched.
 */
export function FilterBar<V extends object>({ prefix, values, onApply, children, form: given, searchText, resetText, applyOnChange }: Props<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  const phone = useIsPhone();

  const shown = useRef(JSON.stringify(values));
  useEffect(() => {
    const key = JSON.stringify(values);
    if (key === shown.current) return;
    shown.current = key;
    replaceValues(form, values);
  }, [values, form]);

  return (
    <Form<V>
      form={form}
      name={`${prefix}-filters`}
      layout={phone ? 'vertical' : 'inline'}
      className={`filter-bar ${phone ? 'filter-bar-phone' : 'filter-bar-wide'} ${prefix}-filters`}
      initialValues={values}
      onFinish={onApply}
      onValuesChange={applyOnChange ? () => void form.validateFields().then(onApply, () => undefined) : undefined}
    >
      {children}
      <Form.Item className="filter-bar-buttons">
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${prefix}-filter-search`}>
            {searchText ?? t('common:action.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid={`${prefix}-filter-reset`}
            onClick={() => {
              replaceValues(form, {} as V);
              onApply(form.getFieldsValue(true) as V);
            }}
          >
            {resetText ?? t('common:action.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
