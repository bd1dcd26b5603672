import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { COUNTRIES } from '../countries/index.js';
import type { Captchas } from './captcha.js';
import { deliveryFor } from './code-delivery.js';
import { storeLocale } from './locale.js';
import { login } from './login.js';
import { resetPassword } from './password-reset.js';
import { register } from './register.js';
import type { RsaKeys } from './rsa-keys.js';
import { endSession } from './sessions.js';
import { sendCode } from './verify-codes.js';

type Deps = { database: Database; keys: RsaKeys; captchas: Captchas; publicUrl: string };

/** Sign-in, registration, passwords, the country list and the member's language. */
export const authHandlers = ({ database, keys, captchas, publicUrl }: Deps) =>
  handlers({
    'POST /rrp/user/publicKey': async () => {
      const k = await keys.currentKey();
      return { keyId: k.id, publicKey: k.publicPem };
    },

    'GET /rrp/captcha/generator/:captchaId': async ({ params }) => ({
      contentType: 'image/svg+xml',
      body: await captchas.generate(params.captchaId),
    }),

    'POST /rrp/user/login': async ({ body, req, say }) => {
      const result = await login({ database, keys, captchas }, body, req.ip);
      say('auth.loginSuccess');
      return result;
    },

    'POST /rrp/user/logout': async ({ caller }) => {
      await endSession(database, caller.tokenHash);
      return null;
    },

    'POST /rrp/country/list': () => COUNTRIES,

    'POST /rrp/send/verifyCode': async ({ body, locale, req }) => {
      // the same answer whether an account has the address or not; what is mailed differs
      const email = body.email.toLowerCase();
      const delivery = await deliveryFor(database, email, body.purpose, body.locale ?? locale, publicUrl);
      await sendCode(database, email, body.purpose, req.ip, delivery);
      return null;
    },

    'POST /rrp/user/register': async ({ body, locale, say }) => {
      const result = await register(database, body, body.locale ?? locale);
      say('auth.registered', { bonusMb: result.bonusMb });
      return result;
    },

    'POST /rrp/user/forget/password': async ({ body }) => {
      await resetPassword(database, body);
      return null;
    },

    'POST /rrp/user/changeLocal': async ({ body, caller, actor }) => {
      await storeLocale(database, caller.userId, body.localCode, actor);
      return null;
    },
  });
