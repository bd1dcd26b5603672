import { App, type ButtonProps, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type AcBindBody, type TAcRecord, useBindAc } from './api';
import { type BindKind, deviceIdRules } from './rules';

type Values = { kind: BindKind; deviceId: string };

/** The bind request of the form's values: the AC and either its IMEI or its EID. */
export function bindBody(acCode: string, v: Values): AcBindBody {
  const id = v.deviceId.trim();
  return v.kind === 'imei' ? { acCode, imei: id } : { acCode, eid: id };
}

/** Binds an idle AC to a device of the company, named by its IMEI or its EID. */
export function AcBindDialog({ open, record, onClose }: { open: boolean; record: TAcRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const bind = useBindAc();
  const kind = Form.useWatch('kind', form) ?? 'imei';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    // the device the AC was imported for, when the file named one
    if (record?.eid && !record.imei) form.setFieldsValue({ kind: 'eid', deviceId: record.eid });
    else if (record?.imei) form.setFieldsValue({ kind: 'imei', deviceId: record.imei });
  }, [open, record, form]);

  const submit = async () => {
    if (!record) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await bind.mutateAsync(bindBody(record.acCode, v));
      void message.success(t('ac:bind.done', { id: v.deviceId.trim() }));
      onClose();
    } catch {
      /* shown by the http client */
    }
  };

  return (
    <Modal
      open={open}
      title={t('ac:bind.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('ac:action.bind')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: bind.isPending, 'data-testid': 'ac-bind-submit' } as ButtonProps}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('ac:bind.explain')}</Typography.Paragraph>
      {record && (
        <div className="ac-bind-code">
          <Typography.Text type="secondary">{t('ac:field.acCode')}</Typography.Text>
          <div translate="no" className="break-all" data-testid="ac-bind-code">
            {record.acCode}
          </div>
        </div>
      )}
      <Form<Values> form={form} layout="vertical" name="ac-bind" initialValues={{ kind: 'imei', deviceId: '' }}>
        <Form.Item name="kind" label={t('ac:bind.kind')}>
          <Radio.Group
            data-testid="ac-bind-kind"
            options={[
              { value: 'imei', label: 'IMEI' },
              { value: 'eid', label: 'EID' },
            ]}
            onChange={() => form.setFields([{ name: 'deviceId', errors: [] }])}
          />
        </Form.Item>
        <Form.Item name="deviceId" label={kind === 'imei' ? 'IMEI' : 'EID'} extra={t(`ac:bind.hint.${kind}`)} rules={deviceIdRules(t, kind)}>
          <Input
            maxLength={64}
            inputMode="numeric"
            autoComplete="off"
            translate="no"
            placeholder={t(`ac:bind.placeholder.${kind}`)}
            data-testid="ac-bind-device"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
