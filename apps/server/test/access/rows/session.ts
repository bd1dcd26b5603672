import { randomUUID } from 'node:crypto';
import type { MatrixRows } from '../matrix.js';

/** Signing in and out, registration, the public helpers of the sign-in page, the staff's session. */
export const sessionRows: MatrixRows = {
  'POST /rrp/user/publicKey': {},
  'GET /rrp/captcha/generator/:captchaId': { request: () => ({ params: { captchaId: randomUUID() } }) },
  // public routes answer for themselves (here: data not encrypted with the sign-in key), never "not signed in"
  'POST /rrp/user/login': {
    request: () => ({ body: { name: 'x', password: 'x', key: randomUUID(), pictureCaptcha: 'zzzz', keyId: 'k' } }),
    expect: { nobody: 29016 },
  },
  'POST /rrp/user/logout': { request: async (fx, c) => (c === 'nobody' ? {} : { as: await fx.fresh(c) }) },
  'POST /rrp/country/list': {},
  'POST /rrp/user/register': { request: () => ({ body: {} }), expect: { nobody: 28002 } },
  'POST /rrp/user/forget/password': { request: () => ({ body: {} }), expect: { nobody: 28002 } },
  'POST /rrp/send/verifyCode': { request: () => ({ body: { email: `new${randomUUID().slice(0, 6)}@matrix.rrp.local`, purpose: 'register' } }) },
  'POST /rrp/user/changeLocal': { request: () => ({ body: { localCode: 'zh-CN' } }) },

  'POST /ops/account/query': {},
  'POST /ops/user/logout': { request: async (fx, c) => (c === 'nobody' ? {} : { as: await fx.fresh(c) }) },
  'POST /ops/user/changeLocal': { request: () => ({ body: { localCode: 'zh-CN' } }) },
};
