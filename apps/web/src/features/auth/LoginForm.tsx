import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from './CaptchaImage';
import { accountRules } from './rules';

export type LoginValues = { account: string; password: string; captcha: string };

export function LoginForm({
  captchaId,
  onRefreshCaptcha,
  onSubmit,
  submitting,
  form,
}: {
  captchaId: string;
  onRefreshCaptcha: () => void;
  onSubmit: (values: LoginValues) => void;
  submitting: boolean;
  form: ReturnType<typeof Form.useForm<LoginValues>>[0];
}) {
  const { t } = useTranslation();
  return (
    <Form<LoginValues> form={form} layout="vertical" size="large" requiredMark={false} onFinish={onSubmit} autoComplete="on">
      <Form.Item name="account" label={t('auth:field.account')} rules={accountRules(t)}>
        <Input prefix={<UserOutlined />} placeholder={t('auth:placeholder.account')} data-testid="login-account" autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('auth:field.password')} rules={[{ required: true, message: t('auth:validation.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('auth:placeholder.password')} data-testid="login-password" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={t('auth:field.captcha')} required>
        <div className="captcha-row">
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('auth:validation.captchaRequired') }]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('auth:placeholder.captcha')} maxLength={16} data-testid="login-captcha" autoComplete="off" />
          </Form.Item>
          <CaptchaImage captchaId={captchaId} onRefresh={onRefreshCaptcha} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
        {t('auth:login.submit')}
      </Button>
    </Form>
  );
}
