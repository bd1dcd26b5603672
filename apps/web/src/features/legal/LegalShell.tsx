import { ArrowLeftOutlined } from '@ant-design/icons';
import { Anchor, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LogoMark } from '../../layout/header/Logo';
import { LanguageMenu } from '../../layout/LanguageMenu';
import { usePageTitle } from '../../lib/usePageTitle';
import type { LegalDocument } from './content/types';

/** "2025-11-01" as "November 1, 2025" or "2025年11月1日": the document's language, not the page's. */
export function formatDocumentDate(iso: string, lang: 'zh-CN' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'zh-CN', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** The frame of the service agreement and privacy policy pages. */
export function LegalShell({
  doc,
  lang,
  alternate,
  showLanguageSwitch = true,
}: {
  doc: LegalDocument;
  lang: 'zh-CN' | 'en';
  alternate?: { to: string; label: string };
  showLanguageSwitch?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(doc.title);

  return (
    <div className="legal-page">
      <header className="legal-header">
        <Link to="/login" className="legal-brand">
          <LogoMark size={28} />
          <span>{t('common:appName')}</span>
        </Link>
        <div className="legal-header-actions">
          {alternate && (
            <Link to={alternate.to} data-testid="legal-alternate">
              {alternate.label}
            </Link>
          )}
          {showLanguageSwitch && <LanguageMenu />}
        </div>
      </header>
      <div className="legal-body">
        <nav className="legal-toc" aria-label={t('legal:contents')}>
          <Typography.Text strong>{t('legal:contents')}</Typography.Text>
          <Anchor offsetTop={72} items={doc.sections.map((s, i) => ({ key: String(i), href: `#section-${i + 1}`, title: s.heading }))} />
        </nav>
        <article className="legal-article" lang={lang}>
          <Button
            type="link"
            icon={<ArrowLeftOutlined />}
            onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/login'))}
            className="legal-back"
          >
            {t('legal:back')}
          </Button>
          <Typography.Title level={1} className="legal-title">
            {doc.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {doc.updatedLabel}
            {lang === 'en' ? ': ' : '：'}
            <time dateTime={doc.updated}>{formatDocumentDate(doc.updated, lang)}</time>
          </Typography.Text>
          {doc.intro.map((p) => (
            <Typography.Paragraph key={p} className="legal-intro">
              {p}
            </Typography.Paragraph>
          ))}
          {doc.sections.map((s, i) => (
            <section key={s.heading} id={`section-${i + 1}`} className="legal-section">
              <Typography.Title level={3}>{s.heading}</Typography.Title>
              {s.paragraphs.map((p) => (
                <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
              ))}
              {s.items && (
                <ul>
                  {s.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {s.after?.map((p) => (
                <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
              ))}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
