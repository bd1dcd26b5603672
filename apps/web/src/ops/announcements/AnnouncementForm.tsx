import type { TOpsAnnouncement } from '@rrp/contracts';
import { LIMITS } from '@rrp/contracts/constants';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyPicker } from '../companies/api';
import { saveAnnouncement } from './api';

type Values = { titleZh: string; titleEn: string; contentZh: string; contentEn: string; audience: 'all' | 'companies'; companyIds: string[] };

/** Writes or edits an announcement in both languages, for every company or chosen ones; it stays a draft until published. */
export function AnnouncementForm({ value, open, onClose }: { value: TOpsAnnouncement | null; open: boolean; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const audience = Form.useWatch('audience', form);
  const companies = useCompanyPicker(search, open && audience === 'companies');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (value)
      form.setFieldsValue({
        titleZh: value.titleZh,
        titleEn: value.titleEn,
        contentZh: value.contentZh,
        contentEn: value.contentEn,
        audience: value.audience,
        companyIds: value.companies.map((c) => c.id),
      });
  }, [open, value, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { ...v, companyIds: v.audience === 'companies' ? v.companyIds : [] };
    setBusy(true);
    try {
      await saveAnnouncement(body, value?.id);
      void message.success(t('ops:ann.saved'));
      onClose(true);
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };

  const options = [
    ...(value?.companies ?? []).map((c) => ({ value: c.id, label: c.name })),
    ...(companies.data?.list ?? []).filter((c) => !value?.companies.some((x) => x.id === c.id)).map((c) => ({ value: c.id, label: c.name })),
  ];
  const title = (max: number) => [
    { required: true, whitespace: true, message: t('ops:ann.required') },
    { max, message: t('ops:tooLong', { max }) },
  ];
  return (
    <Modal
      open={open}
      width={720}
      title={value ? t('ops:ann.editTitle') : t('ops:ann.addTitle')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('ops:ann.saveDraft')}
      cancelText={t('common:action.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ audience: 'all', companyIds: [] }}>
        <Form.Item name="titleZh" label={t('ops:ann.titleZh')} rules={title(LIMITS.announcementTitleMax)}>
          <Input data-testid="ops-ann-titleZh" />
        </Form.Item>
        <Form.Item name="contentZh" label={t('ops:ann.contentZh')} rules={title(LIMITS.announcementContentMax)}>
          <Input.TextArea rows={4} data-testid="ops-ann-contentZh" />
        </Form.Item>
        <Form.Item name="titleEn" label={t('ops:ann.titleEn')} rules={title(LIMITS.announcementTitleMax)}>
          <Input data-testid="ops-ann-titleEn" />
        </Form.Item>
        <Form.Item name="contentEn" label={t('ops:ann.contentEn')} rules={title(LIMITS.announcementContentMax)}>
          <Input.TextArea rows={4} data-testid="ops-ann-contentEn" />
        </Form.Item>
        <Form.Item name="audience" label={t('ops:ann.audience')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('ops:ann.toAll') },
              { value: 'companies', label: t('ops:ann.chosen') },
            ]}
          />
        </Form.Item>
        {audience === 'companies' && (
          <Form.Item
            name="companyIds"
            label={t('ops:ann.companies')}
            rules={[{ required: true, type: 'array', min: 1, message: t('ops:ann.companiesRequired') }]}
          >
            <Select
              mode="multiple"
              showSearch
              filterOption={false}
              onSearch={setSearch}
              loading={companies.isFetching}
              options={options}
              aria-label={t('ops:ann.companies')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
