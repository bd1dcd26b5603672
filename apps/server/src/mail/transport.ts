import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailJob } from './outbox.js';
import { renderMail } from './templates.js';

export type Mailer = { send(job: EmailJob): Promise<void>; close(): void };

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(job) {
      const m = renderMail(job.template, job.locale);
      await transport.sendMail({ from, to: job.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transport.close(),
  };
}
