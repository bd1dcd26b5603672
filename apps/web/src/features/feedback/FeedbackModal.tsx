import { LIMITS } from '@rrp/contracts/constants';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSendFeedback } from './api';
import { feedbackRules } from './feedbackRules';

export function FeedbackModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ feedback: string }>();
  const send = useSendFeedback();

  const submit = async () => {
    const { feedback } = await form.validateFields();
    await send.mutateAsync({ feedback, source: 'feedback' });
    message.success(t('layout:feedback.thanks'));
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('layout:feedback.title')}
      okText={t('common:action.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={send.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender={false}
    >
      <Typography.Paragraph type="secondary">{t('layout:feedback.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="feedback" label={t('layout:feedback.label')} rules={feedbackRules(t)}>
          <Input.TextArea data-testid="feedback-input" rows={6} maxLength={LIMITS.feedbackMax} showCount placeholder={t('layout:feedback.placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
