import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/redirect';
import { changeLocale, currentLocale } from '../../i18n';
import { hasStoredLocale } from '../../i18n/detect';
import { newUuid } from '../../lib/ids';
import { hasWebCrypto } from '../../lib/rsa';
import { startSession, storeAccount } from '../../lib/session';
import { accountKeys } from '../account/api';
import { AuthShell } from './AuthShell';
import { changeServerLocale, fetchAccount, login } from './api';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { LoginForm, type LoginValues } from './LoginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [captchaId, setCaptchaId] = useState(newUuid);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  const refreshCaptcha = () => {
    setCaptchaId(newUuid());
    form.setFieldValue('captcha', '');
  };

  const onSubmit = async (values: LoginValues) => {
    if (!hasWebCrypto()) {
      message.error(t('auth:login.insecureContext'));
      return;
    }
    setSubmitting(true);
    try {
      const res = await login({ account: values.account, password: values.password, captchaId, captcha: values.captcha });
      message.success(t('auth:login.success'));
      startSession(res);
      try {
        const account = await fetchAccount();
        storeAccount(account);
        queryClient.setQueryData(accountKeys.info, account);
        // the person's explicit choice on this device wins; otherwise follow the account
        if (!hasStoredLocale() && account.locale !== currentLocale()) {
          await changeLocale(account.locale);
          // the account was read in the previous language; read it again in the new one
          void queryClient.invalidateQueries({ queryKey: accountKeys.info });
        } else if (account.locale !== currentLocale()) {
          void changeServerLocale(currentLocale()).catch(() => undefined);
        }
      } catch {
        /* the console retries loading the account */
      }
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch {
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title={t('auth:login.submit')}>
      <h1 className="auth-title">{t('auth:login.title')}</h1>
      <p className="auth-subtitle">{t('auth:login.subtitle')}</p>
      <LoginForm form={form} captchaId={captchaId} onRefreshCaptcha={refreshCaptcha} onSubmit={(v) => void onSubmit(v)} submitting={submitting} />
      <div className="auth-links">
        <Button type="link" onClick={() => setForgotOpen(true)} data-testid="forgot-open" className="link-btn">
          {t('auth:login.forgot')}
        </Button>
        <span>
          {t('auth:login.noAccount')} <Link to="/register">{t('auth:login.toRegister')}</Link>
        </span>
      </div>
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </AuthShell>
  );
}
