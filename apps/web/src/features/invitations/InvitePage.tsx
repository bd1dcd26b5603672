import type { TInvitationInfo } from '@rrp/contracts';
import { Alert, Button, Descriptions, Form, Input, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { publicApi } from '../../lib/api';
import { toast } from '../../lib/toast';
import { AuthShell } from '../auth/AuthShell';
import { confirmRules, newPasswordRules } from '../auth/rules';

/** The page an invitation e-mail links to: who it is for, then the new member sets a password. */
export default function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [submitting, setSubmitting] = useState(false);
  // the public pages run without the console's query client: one request, read once
  const [info, setInfo] = useState<{ data?: TInvitationInfo; error?: Error }>({});
  useEffect(() => {
    if (!token) return;
    let live = true;
    publicApi('POST /rrp/user/invitation/check', { token }, { silent: true }).then(
      (data) => live && setInfo({ data }),
      (error: unknown) => live && setInfo({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const accept = async (v: { password: string; confirmPassword: string }) => {
    setSubmitting(true);
    try {
      await publicApi('POST /rrp/user/invitation/accept', { token, password: v.password, confirmPassword: v.confirmPassword });
      toast.success(t('auth:invite.accepted'));
      void navigate('/login', { replace: true });
    } catch {
      /* shown by the http client */
    } finally {
      setSubmitting(false);
    }
  };

  if (!token || info.error)
    return (
      <AuthShell title={t('auth:invite.title')}>
        <Result
          status="warning"
          title={t('auth:invite.invalidTitle')}
          subTitle={info.error?.message || t('auth:invite.invalid')}
          extra={
            <Link to="/login" data-testid="invite-login">
              {t('auth:invite.toLogin')}
            </Link>
          }
          data-testid="invite-invalid"
        />
      </AuthShell>
    );

  return (
    <AuthShell title={t('auth:invite.title')}>
      <h1 className="auth-title">{t('auth:invite.title')}</h1>
      {!info.data ? (
        <Skeleton active />
      ) : (
        <>
          <Alert type="info" showIcon title={t('auth:invite.welcome', { company: info.data.companyName })} style={{ marginBottom: 16 }} />
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('auth:invite.name')}>{info.data.name}</Descriptions.Item>
            <Descriptions.Item label={t('auth:invite.mail')}>{info.data.mail}</Descriptions.Item>
          </Descriptions>
          <Form layout="vertical" onFinish={accept} requiredMark={false}>
            <Form.Item name="password" label={t('auth:invite.password')} rules={newPasswordRules(t)} extra={t('auth:invite.passwordHint')}>
              <Input.Password autoComplete="new-password" data-testid="invite-password" />
            </Form.Item>
            <Form.Item name="confirmPassword" label={t('auth:invite.confirm')} dependencies={['password']} rules={confirmRules(t)}>
              <Input.Password autoComplete="new-password" data-testid="invite-confirm" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="invite-submit">
              {t('auth:invite.submit')}
            </Button>
          </Form>
        </>
      )}
    </AuthShell>
  );
}
