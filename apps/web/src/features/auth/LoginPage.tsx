import { Button, Form } from 'antd';
import i18next from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { changeLocale, currentLocale, rememberLocale } from '../../i18n';
import { AntdLocale } from '../../i18n/AntdLocale';
import { loadAntdLocale } from '../../i18n/antdLocale';
import { isPreferredLocale } from '../../i18n/detect';
import { newUuid } from '../../lib/ids';
import { OPS_PATH } from '../../lib/paths';
import { safeRedirect } from '../../lib/redirect';
import { hasWebCrypto } from '../../lib/rsa';
import { markAccountStale, startSession, storeAccount } from '../../lib/session';
import { toast } from '../../lib/toast';
import { AuthShell } from './AuthShell';
import { changeServerLocale, fetchAccount, login } from './api';
import { LoginForm, type LoginValues } from './LoginForm';

// the dialog (antd Modal and the code button) is fetched on first use, not with the page
const loadForgotPassword = () => import('./ForgotPasswordModal');
const ForgotPasswordModal = lazy(() => Promise.all([loadForgotPassword(), loadAntdLocale().catch(() => null)]).then(([m]) => m));

/**
 * What signing in prepares, given by the app (which holds the console and its route table): the
 * console and the landing page's code, its data, and the back office.
 */
export type SignInLanding = {
  preloadConsole: (pathname: string) => Promise<void>;
  prefetchConsoleData: (pathname: string) => Promise<void>;
  preloadOps: () => Promise<unknown>;
};

export default function LoginPage({ landing }: { landing: SignInLanding }) {
  const { preloadConsole, prefetchConsoleData, preloadOps } = landing;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [captchaId, setCaptchaId] = useState(newUuid);
  const [submitting, setSubmitting] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotUsed, setForgotUsed] = useState(false);

  const refreshCaptcha = () => {
    setCaptchaId(newUuid());
    form.setFieldValue('captcha', '');
  };

  const openForgot = () => {
    setForgotUsed(true);
    setForgotOpen(true);
  };

  const onSubmit = async (values: LoginValues) => {
    if (!hasWebCrypto()) {
      toast.error(t('auth:login.insecureContext'));
      return;
    }
    setSubmitting(true);
    const target = safeRedirect(params.get('redirect'));
    // the console's code downloads while the sign-in requests run (a failure shows up, and is
    // retried, when the console renders)
    const consoleReady = preloadConsole(target.split(/[?#]/)[0]).catch(() => undefined);
    try {
      const res = await login({ account: values.account, password: values.password, captchaId, captcha: values.captcha });
      startSession(res);
      if (res.principal === 'staff') {
        toast.success(t('auth:login.success'));
        // the back office has its own pages; a customer page named by ?redirect= is not one of them
        await preloadOps().catch(() => undefined);
        navigate(OPS_PATH, { replace: true });
        return;
      }
      try {
        // stored with the session; the console uses it instead of reading it again
        const account = await fetchAccount();
        storeAccount(account);
        // the language the person signed in with stays (and is saved to the account), unless
        // it was only the default for lack of any preference: then the account's applies
        const shown = currentLocale();
        if (account.locale !== shown && !isPreferredLocale(shown)) {
          await changeLocale(account.locale);
          // the account was read in the previous language: the console reads it again
          markAccountStale();
        } else if (account.locale !== shown) {
          rememberLocale(shown);
          void changeServerLocale(shown).catch(() => undefined);
        }
      } catch {
        /* the console retries loading the account */
      }
      // worded in the language the console opens in
      toast.success(i18next.t('auth:login.success'));
      await consoleReady;
      // the landing page's data too, in the final language, so it opens complete
      await prefetchConsoleData(target.split(/[?#]/)[0]).catch(() => undefined);
      navigate(target, { replace: true });
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
        <Button
          type="link"
          onClick={openForgot}
          // fetch the dialog's code as soon as the person shows interest
          onPointerEnter={() => void loadForgotPassword().catch(() => undefined)}
          onFocus={() => void loadForgotPassword().catch(() => undefined)}
          data-testid="forgot-open"
          className="link-btn"
        >
          {t('auth:login.forgot')}
        </Button>
        <span>
          {t('auth:login.noAccount')} <Link to="/register">{t('auth:login.toRegister')}</Link>
        </span>
      </div>
      {forgotUsed && (
        <Suspense fallback={null}>
          <AntdLocale>
            <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
          </AntdLocale>
        </Suspense>
      )}
    </AuthShell>
  );
}
