import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { COUNTRIES } from '../countries/index.js';
import type { Captchas } from './captcha.js';
import { storeLocale } from './locale.js';
import { login } from './login.js';
import { resetPassword } from './password-reset.js';
import { assertEmailFree, register } from './register.js';
import type { RsaKeys } from './rsa-keys.js';
import { endSession } from './sessions.js';
import { sendCode } from './verify-codes.js';

type Deps = { database: Database; keys: RsaKeys; captchas: Captchas };

/** Sign-in, registration, passwords, the country list and the member's language. */
export const authHandlers = ({ database, keys, captchas }: Deps) =>
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
      const email = body.email.toLowerCase();
      let sendIn = body.locale ?? locale;
      if (body.purpose === 'register') {
        await assertEmailFree(database, email);
      } else {
        // A reset code is only sent to a registered address, in the member's stored language;
        // the answer is the same either way.
        const [known] = await database.rows<{ locale: 'zh-CN' | 'en' }>(sql`SELECT locale FROM users WHERE lower(email) = ${email} AND state <> 'deleted'`);
        if (!known) return null;
        sendIn = known.locale;
      }
      await sendCode(database, email, body.purpose, sendIn, req.ip);
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
