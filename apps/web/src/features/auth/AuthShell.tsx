import { ApiOutlined, CloudServerOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../layout/header/Logo';
import { LanguageMenu } from '../../layout/LanguageMenu';
import { usePageTitle } from '../../lib/usePageTitle';

/** The frame of the sign-in and registration pages: a brand panel and the form card. */
export function AuthShell({ children, title, wide = false }: { children: ReactNode; title: string; wide?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(title);
  const points = [
    { icon: <CloudServerOutlined />, text: t('auth:brand.point1') },
    { icon: <ApiOutlined />, text: t('auth:brand.point2') },
    { icon: <SafetyCertificateOutlined />, text: t('auth:brand.point3') },
  ];
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <div className="auth-brand-logo">
          <LogoMark size={40} />
          <span>{t('common:appName')}</span>
        </div>
        <div className="auth-brand-body">
          <h2 className="auth-brand-title">{t('auth:brand.title')}</h2>
          <p className="auth-brand-sub">{t('auth:brand.subtitle')}</p>
          <ul className="auth-brand-points">
            {points.map((p) => (
              <li key={p.text}>
                {p.icon}
                <span>{p.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand-foot">{t('auth:brand.footer', { year: new Date().getUTCFullYear() })}</div>
      </aside>
      <main className="auth-main">
        <div className="auth-topbar">
          <LanguageMenu />
        </div>
        <div className={wide ? 'auth-card auth-card-wide' : 'auth-card'}>{children}</div>
      </main>
    </div>
  );
}
