import type { TCompanyInfo } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { accountKeys, useCountries } from './api';

/** Edits the company profile; the name is locked once the company is verified. */
export function CompanyProfileDialog({ company, open, onClose }: { company: TCompanyInfo; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ name: string; country: string; address: string }>();
  const countries = useCountries();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const locked = company.certification === 'verified';
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      await api('POST /rrp/account/company/update', { name: v.name.trim(), country: v.country, address: v.address.trim() });
      await client.invalidateQueries({ queryKey: accountKeys.company });
      toast.success(t('account:settings.saved'));
      onClose();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('account:company.edit')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('account:settings.save')}
      cancelText={t('common:action.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: company.name, country: company.country, address: company.address }}>
        <Form.Item
          name="name"
          label={t('account:company.name')}
          extra={locked ? t('account:company.nameLocked') : undefined}
          rules={[
            { required: true, whitespace: true, message: t('account:cert.required', { field: t('account:company.name') }) },
            { max: LIMITS.companyNameMax, message: t('account:cert.tooLong', { max: LIMITS.companyNameMax }) },
          ]}
        >
          <Input disabled={locked} />
        </Form.Item>
        <Form.Item
          name="country"
          label={t('account:company.country')}
          rules={[{ required: true, message: t('account:cert.required', { field: t('account:company.country') }) }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            aria-label={t('account:company.country')}
            options={(countries.data ?? []).map((c) => ({ value: c.code, label: i18n.language === 'en' ? c.nameEn : c.nameZh }))}
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('account:company.address')}
          rules={[
            { required: true, whitespace: true, message: t('account:cert.required', { field: t('account:company.address') }) },
            { max: LIMITS.companyAddressMax, message: t('account:cert.tooLong', { max: LIMITS.companyAddressMax }) },
          ]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
