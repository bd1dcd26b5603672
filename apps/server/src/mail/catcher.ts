import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  attachments: { filename: string; contentType: string; size: number }[];
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local mail catcher for the embedded default: an SMTP server on loopback that keeps the last
 * messages in memory, and a small web page (plus /messages JSON) to read them.
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  private nextId = 1;
  private smtp?: SMTPServer;
  private http?: Server;
  smtpPort = 0;
  httpPort = 0;

  async start(host: string, smtpPort: number, httpPort: number): Promise<void> {
    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      banner: 'RRP mail catcher',
      onData: (stream, _session, cb) => {
        simpleParser(stream)
          .then((m) => {
            const to = (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
            this.messages.unshift({
              id: this.nextId++,
              to,
              from: m.from?.text ?? '',
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : '',
              date: (m.date ?? new Date()).toISOString(),
              attachments: m.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
            });
            this.messages.length = Math.min(this.messages.length, 500);
            cb();
          })
          .catch((e: Error) => cb(e));
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.smtp!.once('error', reject);
      this.smtp!.listen(smtpPort, host, () => resolve());
    });
    this.smtpPort = (this.smtp.server.address() as AddressInfo).port;

    this.http = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/messages') {
        const to = url.searchParams.get('to')?.toLowerCase();
        const list = to ? this.messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : this.messages;
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        return res.end(JSON.stringify(list));
      }
      const rows = this.messages
        .map(
          (m) => `<section><h3>${esc(m.subject)}</h3><p><b>To</b> ${esc(m.to.join(', '))} · <b>Date</b> ${esc(m.date)}</p><pre>${esc(m.text)}</pre></section>`,
        )
        .join('<hr>');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><meta charset="utf-8"><title>RRP mail catcher</title><body style="font-family:sans-serif;max-width:800px;margin:2em auto"><h1>RRP mail catcher</h1><p>${this.messages.length} message(s), newest first. Reload to refresh.</p>${rows || '<p>No mail yet.</p>'}</body>`,
      );
    });
    await new Promise<void>((resolve, reject) => {
      this.http!.once('error', reject);
      this.http!.listen(httpPort, host, () => resolve());
    });
    this.httpPort = (this.http.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.smtp ? this.smtp.close(() => r()) : r()));
    await new Promise<void>((r) => (this.http ? this.http.close(() => r()) : r()));
  }
}
