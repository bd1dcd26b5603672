import type { Locale } from '@rrp/contracts';
import { t } from '../i18n/index.js';

export type MailTemplate = { kind: 'verify-code'; purpose: 'register' | 'reset'; code: string; minutes: number };

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An e-mail in the reader's language, from the message catalogue. */
export function renderMail(m: MailTemplate, locale: Locale): RenderedMail {
  const subject = t(locale, 'mail.code.subject', { code: m.code });
  const lines = [
    t(locale, m.purpose === 'register' ? 'mail.code.purpose.register' : 'mail.code.purpose.reset'),
    t(locale, 'mail.code.line', { code: m.code }),
    t(locale, 'mail.code.validity', { minutes: m.minutes }),
    t(locale, 'mail.notYou'),
  ];
  const html = `<div style="font-family:sans-serif;font-size:14px">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</div>`;
  return { subject, text: lines.join('\n'), html };
}
