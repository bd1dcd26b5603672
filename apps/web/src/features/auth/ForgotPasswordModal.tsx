import type { TForgetPasswordRequest } from '@rrp/contracts';
import { Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { resetPassword } from './api';
import { codeRules, confirmRules, emailRules, newPasswordRules } from './rules';
import { SendCodeButton } from './SendCodeButton';

/** Forgot password: e-mail, e-mailed code, new password twice. Loaded by LoginPage on first use. */
export default function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TForgetPasswordRequest>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await resetPassword({ ...values, email: values.email.trim() });
      toast.success(t('auth:forgot.done'));
      form.resetFields();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('auth:forgot.title')}
      okText={t('auth:forgot.submit')}
      cancelText={t('common:action.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="text-secondary">{t('auth:forgot.intro')}</p>
      <Form form={form} layout="vertical" requiredMark={false} autoComplete="off">
        <Form.Item name="email" label={t('auth:field.email')} rules={emailRules(t)}>
          <Input placeholder={t('auth:placeholder.email')} data-testid="forgot-email" />
        </Form.Item>
        <Form.Item label={t('auth:field.code')} required>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={codeRules(t)}>
              <Input placeholder={t('auth:placeholder.code')} maxLength={6} data-testid="forgot-code" />
            </Form.Item>
            <SendCodeButton form={form} purpose="reset" testId="forgot-send-code" />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" label={t('auth:field.newPassword')} rules={newPasswordRules(t)} extra={t('auth:password.rule')}>
          <Input.Password placeholder={t('auth:placeholder.newPassword')} autoComplete="new-password" data-testid="forgot-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('auth:field.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
          <Input.Password placeholder={t('auth:placeholder.confirmPassword')} autoComplete="new-password" data-testid="forgot-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
