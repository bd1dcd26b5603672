import type { TSupportContact } from '@rrp/contracts';
import { EMAIL_RE, HHMM_RE, HTTPS_URL_RE, ISO_WEEKDAYS, SUPPORT_CONTACT_LIMITS as L, SUPPORT_PHONE_RE } from '@rrp/contracts/constants';
import { Button, Checkbox, Col, Form, type FormInstance, Input, Row, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { formatHours, formatUtcOffset } from '../../features/platform';
import { UTC_OFFSETS } from './utcOffsets';

/** The form's values: the contact with the hours' fields at the top level. */
export type ContactValues = { phone: string; email: string; officialSite: string; days: number[]; from: string; to: string; utcOffsetMinutes: number };

export const toValues = (c: TSupportContact): ContactValues => ({
  phone: c.phone,
  email: c.email,
  officialSite: c.officialSite,
  days: c.hours.days,
  from: c.hours.from,
  to: c.hours.to,
  utcOffsetMinutes: c.hours.utcOffsetMinutes,
});

export const toContact = (v: ContactValues): TSupportContact => ({
  phone: v.phone.trim(),
  email: v.email.trim(),
  officialSite: (v.officialSite ?? '').trim(),
  hours: { days: [...v.days].sort((a, b) => a - b), from: v.from.trim(), to: v.to.trim(), utcOffsetMinutes: v.utcOffsetMinutes },
});

/** The support contact's fields, checked by the rules the server applies, with a preview of the hours as members read them. */
export function SupportContactForm({
  form,
  saving,
  onSave,
  onFillDefaults,
}: {
  form: FormInstance<ContactValues>;
  saving: boolean;
  onSave: () => void;
  onFillDefaults: () => void;
}) {
  const { t } = useTranslation();
  const required: Rule = { required: true, whitespace: true, message: t('ops:settings.required') };
  const max = (n: number): Rule => ({ max: n, message: t('ops:tooLong', { max: n }) });
  // not `required`: antd would put aria-required on the checkbox group, which its role does not allow
  const atLeastOneDay: Rule = { validator: (_, v?: unknown[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('ops:settings.daysRequired')))) };
  const time: Rule[] = [required, { pattern: HHMM_RE, message: t('ops:settings.badTime') }];
  const [days, from, to, offset] = [
    Form.useWatch('days', form),
    Form.useWatch('from', form),
    Form.useWatch('to', form),
    Form.useWatch('utcOffsetMinutes', form),
  ];
  const preview =
    days?.length && HHMM_RE.test(from ?? '') && HHMM_RE.test(to ?? '') && typeof offset === 'number'
      ? formatHours({ days, from, to, utcOffsetMinutes: offset }, t)
      : '—';

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onSave} className="ops-settings-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('ops:settings.phone')}
            rules={[required, max(L.phoneMax), { pattern: SUPPORT_PHONE_RE, message: t('ops:settings.badPhone') }]}
          >
            <Input data-testid="ops-contact-phone" placeholder="400-800-1234" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('ops:settings.email')}
            rules={[required, max(L.emailMax), { pattern: EMAIL_RE, message: t('ops:settings.badEmail') }]}
          >
            <Input data-testid="ops-contact-email" placeholder="support@example.org" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="officialSite"
        label={t('ops:settings.officialSite')}
        extra={t('ops:settings.officialSiteHint')}
        rules={[max(L.officialSiteMax), { pattern: HTTPS_URL_RE, message: t('ops:settings.badSite') }]}
      >
        <Input data-testid="ops-contact-site" placeholder="https://" />
      </Form.Item>
      <Form.Item name="days" label={t('ops:settings.days')} rules={[atLeastOneDay]}>
        <Checkbox.Group options={ISO_WEEKDAYS.map((d) => ({ value: d, label: t(`common:weekday.${d}`) }))} data-testid="ops-contact-days" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item name="from" label={t('ops:settings.from')} rules={time} extra={t('ops:settings.timeHint')}>
            <Input data-testid="ops-contact-from" placeholder="09:00" maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="to"
            label={t('ops:settings.to')}
            dependencies={['from']}
            rules={[
              ...time,
              ({ getFieldValue }) => ({
                validator: (_, v: string) => {
                  const start = getFieldValue('from') as string;
                  return !HHMM_RE.test(start ?? '') || !HHMM_RE.test(v ?? '') || v > start
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('ops:settings.toAfterFrom')));
                },
              }),
            ]}
          >
            <Input data-testid="ops-contact-to" placeholder="18:00" maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="utcOffsetMinutes" label={t('ops:settings.offset')} rules={[{ required: true, message: t('ops:settings.required') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={UTC_OFFSETS.map((m) => ({ value: m, label: formatUtcOffset(m) }))}
              aria-label={t('ops:settings.offset')}
              data-testid="ops-contact-offset"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('ops:settings.preview')}>
        <Typography.Text data-testid="ops-contact-preview">{preview}</Typography.Text>
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="ops-contact-save">
          {t('ops:settings.save')}
        </Button>
        <Button onClick={onFillDefaults} data-testid="ops-contact-defaults">
          {t('ops:settings.fillDefaults')}
        </Button>
      </Space>
    </Form>
  );
}
