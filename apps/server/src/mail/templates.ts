import type { Locale } from '@rrp/contracts';

export type MailTemplate = { kind: 'verify-code'; purpose: 'register' | 'reset'; code: string; minutes: number };

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(t: MailTemplate, locale: Locale): RenderedMail {
  const zh = locale !== 'en';
  const what = t.purpose === 'register' ? (zh ? '注册账号' : 'register your account') : zh ? '重置密码' : 'reset your password';
  const subject = zh ? `RRP 控制台验证码：${t.code}` : `RRP Console verification code: ${t.code}`;
  const lines = zh
    ? [`您正在${what}。`, `验证码：${t.code}`, `验证码 ${t.minutes} 分钟内有效，请勿告诉他人。`, '如果这不是您本人的操作，请忽略本邮件。']
    : [
        `You are about to ${what}.`,
        `Verification code: ${t.code}`,
        `The code is valid for ${t.minutes} minutes. Do not share it.`,
        'If this was not you, ignore this e-mail.',
      ];
  const html = `<div style="font-family:sans-serif;font-size:14px">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</div>`;
  return { subject, text: lines.join('\n'), html };
}
