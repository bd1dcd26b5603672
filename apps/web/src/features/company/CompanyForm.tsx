import type { TCompanyNode } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import type { ButtonProps } from 'antd';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';
import { useCountries } from '../account/api';
import { useCompanyChange } from './api';

type Values = { name: string; country: string; billing: 'independent' | 'parent' };

/** Creates a sub-company under `parent`, or edits `company`. */
export function CompanyForm({
  company,
  parent,
  open,
  onClose,
}: {
  company: TCompanyNode | null;
  parent: TCompanyNode | null;
  open: boolean;
  onClose: (saved: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const countries = useCountries();
  const add = useCompanyChange('POST /rrp/company/add');
  const update = useCompanyChange('POST /rrp/company/update');
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      company ? { name: company.name, country: company.country, billing: company.billing } : { country: parent?.country ?? 'CN', billing: 'parent' },
    );
  }, [open, company, parent, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      if (company) await update.mutateAsync({ id: company.id, name: v.name.trim(), country: v.country, billing: v.billing });
      else await add.mutateAsync({ name: v.name.trim(), country: v.country, billing: v.billing, parentId: parent?.id });
      onClose(true);
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Modal
      open={open}
      title={
        company ? (
          t('company:form.editTitle')
        ) : (
          <Trans i18nKey="company:form.addTitle" values={{ parent: parent?.name ?? '' }} components={{ name: <UserText /> }} />
        )
      }
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('company:form.save')}
      okButtonProps={{ 'data-testid': 'company-submit' } as ButtonProps}
      cancelText={t('common:action.cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('company:field.name')}
          rules={[
            { required: true, whitespace: true, message: t('company:validation.nameRequired') },
            { max: LIMITS.companyNameMax, message: t('company:validation.nameTooLong', { max: LIMITS.companyNameMax }) },
          ]}
        >
          <Input data-testid="company-name" />
        </Form.Item>
        <Form.Item name="country" label={t('company:field.country')} rules={[{ required: true, message: t('company:validation.countryRequired') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            aria-label={t('company:field.country')}
            data-testid="company-country"
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: i18n.language === 'en' ? c.nameEn : c.nameZh }))}
          />
        </Form.Item>
        <Form.Item name="billing" label={t('company:field.billing')} extra={t('company:form.billingHint')}>
          <Radio.Group
            options={[
              { value: 'parent', label: t('company:billing.parent') },
              { value: 'independent', label: t('company:billing.independent') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
