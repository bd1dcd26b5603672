import { RadarChartOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOMAIN_SUGGESTIONS, isDomain, isImei } from './rules';

export type DetectionValues = { imei: string; domain: string };

/** The device and the domain to detect, checked as the server checks them before anything is sent. */
export function DetectionForm({
  form,
  initial,
  loading,
  onStart,
}: {
  form: FormInstance<DetectionValues>;
  initial: DetectionValues;
  loading: boolean;
  onStart: (v: DetectionValues) => void;
}) {
  const { t } = useTranslation();
  const domain = Form.useWatch('domain', form) ?? '';
  const options = DOMAIN_SUGGESTIONS.filter((d) => d.includes(domain.trim().toLowerCase())).map((d) => ({ value: d }));

  return (
    <Form<DetectionValues> form={form} layout="vertical" name="detection" initialValues={initial} className="detection-form" onFinish={onStart}>
      <Form.Item
        name="imei"
        label={t('detection:form.imei')}
        normalize={(v: string) => v.trim()}
        rules={[
          { required: true, message: t('detection:form.imeiRequired') },
          { validator: (_, v: string) => (!v || isImei(v) ? Promise.resolve() : Promise.reject(new Error(t('detection:form.imeiInvalid')))) },
        ]}
      >
        <Input
          maxLength={15}
          inputMode="numeric"
          autoComplete="off"
          translate="no"
          placeholder={t('detection:form.imeiPlaceholder')}
          data-testid="detection-imei"
        />
      </Form.Item>
      <Form.Item
        name="domain"
        label={t('detection:form.domain')}
        rules={[
          { required: true, whitespace: true, message: t('detection:form.domainRequired') },
          { validator: (_, v: string) => (!v?.trim() || isDomain(v) ? Promise.resolve() : Promise.reject(new Error(t('detection:form.domainInvalid')))) },
        ]}
      >
        <AutoComplete options={options}>
          <Input inputMode="url" autoComplete="off" translate="no" placeholder={t('detection:form.domainPlaceholder')} data-testid="detection-domain" />
        </AutoComplete>
      </Form.Item>
      <Form.Item className="detection-form-submit">
        <Button type="primary" htmlType="submit" icon={<RadarChartOutlined />} loading={loading} data-testid="detection-start">
          {t('detection:form.start')}
        </Button>
      </Form.Item>
    </Form>
  );
}
