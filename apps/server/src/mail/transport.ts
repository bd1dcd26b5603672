import nodemailer, { type Transporter } from 'nodemailer';
import type { AttachmentRef, EmailJob } from './outbox.js';
import { renderMail } from './templates.js';

export type Mailer = { send(job: EmailJob): Promise<void>; close(): void };

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
/** Reads an attachment an e-mail refers to, in the e-mail's language (null: it no longer exists). */
export type AttachmentLoader = (ref: AttachmentRef, locale: EmailJob['locale']) => Promise<MailAttachment | null>;

export function smtpMailer(smtpUrl: string, from: string, loadAttachment?: AttachmentLoader): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(job) {
      const m = renderMail(job.template, job.locale);
      const attachments: MailAttachment[] = [];
      for (const ref of job.attachments ?? []) {
        const a = loadAttachment ? await loadAttachment(ref, job.locale) : null;
        if (a) attachments.push(a);
      }
      await transport.sendMail({ from, to: job.to, subject: m.subject, text: m.text, html: m.html, attachments });
    },
    close: () => transport.close(),
  };
}
