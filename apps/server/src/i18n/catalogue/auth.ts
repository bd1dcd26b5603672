import type { Bilingual } from '../text.js';

export const AUTH_TEXTS = {
  'auth.loginSuccess': { zh: '登录成功', en: 'login successful' },
  'auth.registered': { zh: '注册成功，已赠送 {bonusMb}M 流量到贵公司的流量池', en: 'Registration successful: your company received {bonusMb}M of free data' },
} satisfies Record<string, Bilingual>;
