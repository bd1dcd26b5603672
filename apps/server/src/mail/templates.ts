import type { Locale, ReportFrequency, ReportKind, ReportPeriod } from '@rrp/contracts';
import { type MessageKey, type Params, t } from '../i18n/index.js';

/** Every e-mail the console sends; the text of each is in the message catalogue. */
export type MailTemplate =
  | { kind: 'verify-code'; purpose: 'register' | 'reset' | 'email_change'; code: string; minutes: number }
  /** to a registered address someone tried to register with (instead of a code) */
  | { kind: 'register-attempt'; link: string }
  | { kind: 'invitation'; name: string; companyName: string; inviter: string; link: string; days: number }
  | { kind: 'certification-approved'; companyName: string; licenses: number; dataGb: number; link: string }
  | { kind: 'certification-rejected'; companyName: string; reason: string; link: string }
  | { kind: 'remittance-confirmed'; orderNo: string; link: string }
  | { kind: 'remittance-rejected'; orderNo: string; bankTransactionNo: string; reason: string; link: string }
  | { kind: 'invoice-issued'; ticketNo: string; invoiceNo: string; type: 'ordinary' | 'special'; trackingNote: string; link: string }
  | { kind: 'invoice-cancelled'; ticketNo: string; reason: string; link: string }
  /** a device alarm opened or escalated (to a setting's receivers) */
  | {
      kind: 'alarm-device';
      event: 'opened' | 'escalated';
      alarmNo: string;
      level: 'critical' | 'major';
      setting: string;
      imei: string;
      period: 'day' | 'week' | 'month';
      usageMb: number;
      thresholdMb: number;
      urgentMb: number;
      /** the alarm list in the console */
      link?: string;
    }
  /** the data pool at or below a value of its warning policy (to the payer's alarm managers) */
  | { kind: 'alarm-pool'; alarmNo: string; level: 'warning' | 'critical'; companyName: string; remainingMb: number; value: number; link?: string }
  /** a webhook endpoint the platform disabled after days of failed deliveries (to the company's developer administrators) */
  | { kind: 'webhook-disabled'; url: string; days: number; lastError: string; link?: string }
  /** a subscribed operation report, attached as xlsx (modules/reports) */
  | { kind: 'report'; report: ReportKind; period: ReportPeriod; frequency: ReportFrequency; companyName: string };

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Line = [MessageKey, Params?];

/** Subject and lines of a template, as catalogue keys. */
function partsOf(m: MailTemplate, locale: Locale): { subject: Line; lines: Line[]; link?: string } {
  switch (m.kind) {
    case 'verify-code':
      return {
        subject: ['mail.code.subject', { code: m.code }],
        lines: [[`mail.code.purpose.${m.purpose}`], ['mail.code.line', { code: m.code }], ['mail.code.validity', { minutes: m.minutes }], ['mail.notYou']],
      };
    case 'register-attempt':
      return {
        subject: ['mail.registerAttempt.subject'],
        lines: [['mail.registerAttempt.body'], ['mail.registerAttempt.action'], ['mail.notYou']],
        link: m.link,
      };
    case 'invitation':
      return {
        subject: ['mail.invitation.subject', { companyName: m.companyName }],
        lines: [
          ['mail.invitation.greeting', { name: m.name }],
          ['mail.invitation.body', { inviter: m.inviter, companyName: m.companyName }],
          ['mail.invitation.link', { days: m.days }],
          ['mail.notYou'],
        ],
        link: m.link,
      };
    case 'certification-approved':
      return {
        subject: ['mail.certification.approved.subject', { companyName: m.companyName }],
        lines: [['mail.certification.approved.body', { companyName: m.companyName, licenses: m.licenses, dataGb: m.dataGb }]],
        link: m.link,
      };
    case 'certification-rejected':
      return {
        subject: ['mail.certification.rejected.subject', { companyName: m.companyName }],
        lines: [
          ['mail.certification.rejected.body', { companyName: m.companyName }],
          ['mail.certification.rejected.reason', { reason: m.reason }],
        ],
        link: m.link,
      };
    case 'remittance-confirmed':
      return {
        subject: ['mail.remittance.confirmed.subject', { orderNo: m.orderNo }],
        lines: [['mail.remittance.confirmed.body', { orderNo: m.orderNo }]],
        link: m.link,
      };
    case 'remittance-rejected':
      return {
        subject: ['mail.remittance.rejected.subject', { orderNo: m.orderNo }],
        lines: [
          ['mail.remittance.rejected.body', { orderNo: m.orderNo, bankTransactionNo: m.bankTransactionNo }],
          ['mail.remittance.rejected.reason', { reason: m.reason }],
        ],
        link: m.link,
      };
    case 'invoice-issued':
      return {
        subject: ['mail.invoice.issued.subject', { ticketNo: m.ticketNo }],
        lines: [
          ['mail.invoice.issued.body', { ticketNo: m.ticketNo, invoiceNo: m.invoiceNo }],
          m.type === 'ordinary' ? ['mail.invoice.issued.file'] : ['mail.invoice.issued.paper', { trackingNote: m.trackingNote }],
        ],
        link: m.link,
      };
    case 'invoice-cancelled':
      return {
        subject: ['mail.invoice.cancelled.subject', { ticketNo: m.ticketNo }],
        lines: [
          ['mail.invoice.cancelled.body', { ticketNo: m.ticketNo }],
          ['mail.invoice.cancelled.reason', { reason: m.reason }],
        ],
        link: m.link,
      };
    case 'alarm-device': {
      const period = t(locale, `mail.alarm.period.${m.period}`);
      return {
        subject: ['mail.alarm.device.subject', { alarmNo: m.alarmNo, imei: m.imei, level: t(locale, `mail.alarm.level.${m.level}`) }],
        lines: [
          [`mail.alarm.device.${m.event}`, { setting: m.setting, imei: m.imei, period, usageMb: m.usageMb, thresholdMb: m.thresholdMb, urgentMb: m.urgentMb }],
          ['mail.alarm.view'],
        ],
        link: m.link,
      };
    }
    case 'alarm-pool':
      return {
        subject: ['mail.alarm.pool.subject', { alarmNo: m.alarmNo, companyName: m.companyName, level: t(locale, `mail.alarm.level.${m.level}`) }],
        lines: [[`mail.alarm.pool.${m.level}`, { companyName: m.companyName, remainingMb: m.remainingMb, value: m.value }], ['mail.alarm.view']],
        link: m.link,
      };
    case 'webhook-disabled':
      return {
        subject: ['mail.webhookDisabled.subject'],
        lines: [
          ['mail.webhookDisabled.body', { url: m.url, days: m.days }],
          ['mail.webhookDisabled.lastError', { lastError: m.lastError }],
          ['mail.webhookDisabled.action'],
        ],
        link: m.link,
      };
    case 'report': {
      const names = { report: t(locale, `reports.kind.${m.report}`), company: m.companyName, period: t(locale, `reports.period.${m.period}`) };
      return {
        subject: ['reports.mail.subject', names],
        lines: [
          ['reports.mail.body', names],
          ['reports.mail.manage', { frequency: t(locale, `reports.frequency.${m.frequency}`) }],
        ],
      };
    }
  }
}

/** An e-mail in the reader's language, from the message catalogue. */
export function renderMail(m: MailTemplate, locale: Locale): RenderedMail {
  const parts = partsOf(m, locale);
  const subject = t(locale, ...parts.subject);
  const lines = parts.lines.map((l) => t(locale, ...l));
  const text = [...lines, ...(parts.link ? [parts.link] : [])].join('\n');
  const link = parts.link ? `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.link)}</a></p>` : '';
  const html = `<div style="font-family:sans-serif;font-size:14px">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${link}</div>`;
  return { subject, text, html };
}
