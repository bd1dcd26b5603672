import { ClockCircleOutlined, CloseOutlined, CustomerServiceOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { LIMITS } from '@rrp/contracts/constants';
import { App, Button, Card, FloatButton, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendFeedback } from '../features/feedback/api';
import { feedbackRules } from '../features/feedback/feedbackRules';
import { useSupportContact } from '../features/platform';

/** Online customer service: a floating button that opens contact channels and a short message form. */
export function CustomerService() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ feedback: string }>();
  const send = useSendFeedback();
  const contact = useSupportContact();

  const submit = async ({ feedback }: { feedback: string }) => {
    await send.mutateAsync({ feedback, source: 'service' });
    message.success(t('layout:service.sent'));
    form.resetFields();
  };

  return (
    <>
      <FloatButton
        icon={<CustomerServiceOutlined />}
        type="primary"
        tooltip={t('layout:service.title')}
        aria-label={t('layout:service.title')}
        data-testid="service-open"
        style={{ insetInlineEnd: 24, insetBlockEnd: 96 }}
        onClick={() => setOpen((v) => !v)}
      />
      {open && (
        <Card
          className="service-panel"
          size="small"
          title={
            <Space>
              <CustomerServiceOutlined />
              {t('layout:service.title')}
            </Space>
          }
          extra={<Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('common:action.close')} onClick={() => setOpen(false)} />}
        >
          <Space orientation="vertical" size={4} className="service-channels" data-testid="service-channels">
            <Typography.Text>
              <PhoneOutlined /> {t('layout:service.phone')}
              {t('common:colon')}
              {contact.phone ? <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a> : '—'}
            </Typography.Text>
            <Typography.Text>
              <MailOutlined /> {t('layout:service.email')}
              {t('common:colon')}
              {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}
            </Typography.Text>
            <Typography.Text type="secondary">
              <ClockCircleOutlined /> {t('layout:service.hours')}
              {t('common:colon')}
              {contact.hoursText || '—'}
            </Typography.Text>
          </Space>
          <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v).catch(() => undefined)} className="service-form">
            <Form.Item name="feedback" label={t('layout:service.leaveMessage')} rules={feedbackRules(t)}>
              <Input.TextArea rows={3} maxLength={LIMITS.feedbackMax} showCount placeholder={t('layout:service.placeholder')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={send.isPending}>
              {t('layout:service.send')}
            </Button>
          </Form>
        </Card>
      )}
    </>
  );
}
