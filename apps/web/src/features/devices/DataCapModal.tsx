import { MONITORING_LIMITS as L } from '@rrp/contracts/constants';
import { Alert, App, type ButtonProps, Form, InputNumber, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataCapTarget, useDataCap } from './api';

type Values = { mode: 'cap' | 'none'; capMb: number | null };

/**
 * The monthly hard data cap of the selected devices or of one group: a cap in MB, or none.
 * `subject` names what is capped ("3 devices", a group's name); `current` fills the form.
 * Mounted only while open.
 */
export function DataCapModal({ target, subject, current, onClose }: { target: DataCapTarget; subject: string; current?: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useDataCap();
  const mode = Form.useWatch('mode', form);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const res = await save.mutateAsync({ ...target, capMb: v.mode === 'none' ? null : v.capMb });
      void message.success('imeis' in target ? t('devices:dataCap.saved', { count: res.updated }) : t('devices:dataCap.savedGroup'));
      onClose();
    } catch {
      /* the http client shows the server's message */
    }
  };

  return (
    <Modal
      open
      title={t('devices:dataCap.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('devices:dataCap.save')}
      cancelText={t('common:action.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'data-cap-submit' } as ButtonProps}
      destroyOnHidden
      forceRender
      width={520}
    >
      <Typography.Paragraph data-testid="data-cap-subject">{subject}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="data-cap" initialValues={{ mode: 'cap', capMb: current ?? null }}>
        <Form.Item name="mode" label={t('devices:dataCap.mode')}>
          <Radio.Group
            data-testid="data-cap-mode"
            options={[
              { value: 'cap', label: t('devices:dataCap.modeCap') },
              { value: 'none', label: t('devices:dataCap.modeNone') },
            ]}
          />
        </Form.Item>
        {mode !== 'none' && (
          <Form.Item
            name="capMb"
            label={t('devices:dataCap.cap')}
            extra={t('devices:dataCap.range', { min: L.capMinMb, max: L.capMaxMb.toLocaleString('en') })}
            rules={[
              { required: true, message: t('devices:dataCap.required') },
              {
                validator: (_, v: unknown) =>
                  v === null || v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= L.capMinMb && v <= L.capMaxMb)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('devices:dataCap.invalid', { min: L.capMinMb, max: L.capMaxMb.toLocaleString('en') }))),
              },
            ]}
          >
            <InputNumber className="full-width" suffix="MB" inputMode="numeric" precision={0} data-testid="data-cap-value" />
          </Form.Item>
        )}
      </Form>
      <Alert type="info" showIcon title={t('devices:dataCap.explain')} />
    </Modal>
  );
}
