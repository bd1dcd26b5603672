import { Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { toast } from '../../lib/toast';
import { sendVerifyCode } from './api';
import { useCountdown } from './useCountdown';

export const CODE_RESEND_SECONDS = 60;

/** "Send code": checks the e-mail field, asks the server to mail a code, then waits 60 s. */
export function SendCodeButton({
  form,
  purpose,
  emailField = 'email',
  testId,
}: {
  form: FormInstance;
  purpose: 'register' | 'reset';
  emailField?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { remaining, start } = useCountdown(CODE_RESEND_SECONDS);
  const [sending, setSending] = useState(false);

  const send = async () => {
    let email: string;
    try {
      email = String((await form.validateFields([emailField]))[emailField]).trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendVerifyCode({ email, purpose, locale: currentLocale() });
      start();
      toast.success(t('auth:code.sent'));
    } catch {
      /* the http client has shown the reason */
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} disabled={remaining > 0} loading={sending} data-testid={testId} className="send-code-btn">
      {remaining > 0 ? t('auth:code.resendIn', { seconds: remaining }) : t('auth:code.send')}
    </Button>
  );
}
