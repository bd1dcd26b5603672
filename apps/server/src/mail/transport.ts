import nodemailer, { type Transporter } from 'nodemailer';
import type { AttachmentRef, EmailJob } from './outbox.js';
import { renderMail } from './templates.js';

export type Mailer = { send(job: EmailJob): Promise<void>; close(): void };

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** Reads an attachment an e-mail refers to, in the e-mail's language (null: it no longer exists). */
export type AttachmentLoader<K extends AttachmentRef['kind'] = AttachmentRef['kind']> = (
  ref: Extract<AttachmentRef, { kind: K }>,
  locale: EmailJob['locale'],
) => Promise<MailAttachment | null>;
/** The reader of each kind of attachment. */
export type AttachmentLoaders = { [K in AttachmentRef['kind']]?: AttachmentLoader<K> };

export function smtpMailer(smtpUrl: string, from: string, loaders: AttachmentLoaders = {}): Mailer {
  const loadAttachment = (ref: AttachmentRef, locale: EmailJob['locale']) => (loaders[ref.kind] as AttachmentLoader | undefined)?.(ref, locale) ?? null;
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(job) {
      const m = renderMail(job.template, job.locale);
      const attachments: MailAttachment[] = [];
      for (const ref of job.attachments ?? []) {
        const a = await loadAttachment(ref, job.locale);
        if (a) attachments.push(a);
      }
      await transport.sendMail({ from, to: job.to, subject: m.subject, text: m.text, html: m.html, attachments });
    },
    close: () => transport.close(),
  };
}
