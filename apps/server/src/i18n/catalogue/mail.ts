import type { Bilingual } from '../text.js';

/** E-mails: subjects and lines. */
export const MAIL_TEXTS = {
  'mail.code.subject': { zh: 'RRP 控制台验证码：{code}', en: 'RRP Console verification code: {code}' },
  'mail.code.purpose.register': { zh: '您正在注册账号。', en: 'You are about to register your account.' },
  'mail.code.purpose.reset': { zh: '您正在重置密码。', en: 'You are about to reset your password.' },
  'mail.code.line': { zh: '验证码：{code}', en: 'Verification code: {code}' },
  'mail.code.validity': { zh: '验证码 {minutes} 分钟内有效，请勿告诉他人。', en: 'The code is valid for {minutes} minutes. Do not share it.' },
  'mail.notYou': { zh: '如果这不是您本人的操作，请忽略本邮件。', en: 'If this was not you, ignore this e-mail.' },
} satisfies Record<string, Bilingual>;
