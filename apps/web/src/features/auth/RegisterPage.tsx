import { REGISTER_BONUS_MB } from '@rrp/contracts/constants';
import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLocale } from '../../i18n';
import { AntdLocale } from '../../i18n/AntdLocale';
import { toast } from '../../lib/toast';
import { AuthShell } from './AuthShell';
import { register } from './api';
import { RegisterForm, type RegisterValues } from './RegisterForm';

/** Registration, with antd's texts (the country list's empty state) in the page's language. */
export default function RegisterPage() {
  return (
    <AntdLocale>
      <RegisterContent />
    </AntdLocale>
  );
}

function RegisterContent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const [bonusMb, setBonusMb] = useState<number | null>(null);

  const onSubmit = async (values: RegisterValues) => {
    setSubmitting(true);
    try {
      const res = await register({
        ...values,
        email: values.email.trim(),
        phone: values.phone.trim(),
        jobTitle: values.jobTitle.trim(),
        companyName: values.companyName.trim(),
        companyAddress: values.companyAddress.trim(),
        agreement: true,
        locale: currentLocale(),
      });
      setBonusMb(res?.bonusMb ?? REGISTER_BONUS_MB);
      toast.success(t('auth:register.successShort'));
    } catch {
      /* the http client has shown the reason */
    } finally {
      setSubmitting(false);
    }
  };

  if (bonusMb !== null) {
    return (
      <AuthShell title={t('auth:register.successTitle')}>
        <Result
          status="success"
          title={t('auth:register.successTitle')}
          subTitle={t('auth:register.successBonus', { mb: bonusMb })}
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/login')} data-testid="register-to-login">
              {t('auth:register.toLogin')}
            </Button>
          }
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell wide title={t('auth:register.submit')}>
      <h1 className="auth-title">{t('auth:register.title')}</h1>
      <p className="auth-subtitle">{t('auth:register.subtitle', { mb: REGISTER_BONUS_MB })}</p>
      <RegisterForm form={form} onSubmit={(v) => void onSubmit(v)} submitting={submitting} />
      <div className="auth-links auth-links-center">
        <span>
          {t('auth:register.haveAccount')} <Link to="/login">{t('auth:register.toLogin')}</Link>
        </span>
      </div>
    </AuthShell>
  );
}
