import {
  API_PREFIX,
  zChangeLocalRequest,
  zForgetPasswordRequest,
  zLoginRequest,
  zLoginResponse,
  zPublicKeyResponse,
  zRegisterRequest,
  zRegisterResponse,
  zSendCodeRequest,
} from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { authOf } from '../../plugins/auth.js';
import { emptyEnvelope, envelope, ok } from '../../plugins/envelope.js';
import { AppError } from '../../plugins/errors.js';
import type { Captchas } from './captcha.js';
import { login } from './login.js';
import { resetPassword } from './password-reset.js';
import { assertEmailFree, register } from './register.js';
import type { RsaKeys } from './rsa-keys.js';
import { endSession } from './sessions.js';
import { sendCode } from './verify-codes.js';

type Opts = { database: Database; keys: RsaKeys; captchas: Captchas };

export const authRoutes: FastifyPluginAsyncZod<Opts> = async (app, { database, keys, captchas }) => {
  const tags = ['auth'];

  app.post(
    `${API_PREFIX}/user/publicKey`,
    { schema: { tags, summary: 'RSA public key for sign-in fields', response: { 200: envelope(zPublicKeyResponse) } } },
    async (req) => {
      const k = await keys.currentKey();
      return ok(req, { keyId: k.id, publicKey: k.publicPem });
    },
  );

  app.get(
    `${API_PREFIX}/captcha/generator/:captchaId`,
    { schema: { tags, summary: 'Picture captcha (SVG) for a client-made UUID', params: z.object({ captchaId: z.string().uuid() }) } },
    async (req, reply) => {
      const svg = await captchas.generate(req.params.captchaId);
      return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  );

  app.post(
    `${API_PREFIX}/user/login`,
    { schema: { tags, summary: 'Sign in', body: zLoginRequest, response: { 200: envelope(zLoginResponse) } } },
    async (req) => {
      const result = await login({ database, keys, captchas }, req.body, req.ip);
      return { ...ok(req, result), msg: req.locale === 'en' ? 'login successful' : '登录成功' };
    },
  );

  app.post(
    `${API_PREFIX}/user/logout`,
    { schema: { tags, summary: 'Sign out: ends the session on the server', response: { 200: emptyEnvelope } } },
    async (req) => {
      await endSession(database, authOf(req).tokenHash);
      return ok(req, null);
    },
  );

  app.post(
    `${API_PREFIX}/send/verifyCode`,
    { schema: { tags, summary: 'E-mail a 6-digit code', body: zSendCodeRequest, response: { 200: emptyEnvelope } } },
    async (req) => {
      const email = req.body.email.toLowerCase();
      let locale = req.body.locale ?? req.locale;
      if (req.body.purpose === 'register') {
        await assertEmailFree(database, email);
      } else {
        // A reset code is only sent to a registered address, in the member's stored language;
        // the answer is the same either way.
        const [known] = await database.rows<{ locale: 'zh-CN' | 'en' }>(sql`SELECT locale FROM users WHERE lower(email) = ${email}`);
        if (!known) return ok(req, null);
        locale = known.locale;
      }
      await sendCode(database, email, req.body.purpose, locale, req.ip);
      return ok(req, null);
    },
  );

  app.post(
    `${API_PREFIX}/user/register`,
    { schema: { tags, summary: 'Register a company', body: zRegisterRequest, response: { 200: envelope(zRegisterResponse) } } },
    async (req) => {
      const result = await register(database, req.body, req.body.locale ?? req.locale);
      const msg =
        req.locale === 'en'
          ? `Registration successful: your company received ${result.bonusMb}M of free data`
          : `注册成功，已赠送 ${result.bonusMb}M 流量到贵公司的流量池`;
      return { ...ok(req, result), msg };
    },
  );

  app.post(
    `${API_PREFIX}/user/forget/password`,
    { schema: { tags, summary: 'Reset the password with an e-mail code', body: zForgetPasswordRequest, response: { 200: emptyEnvelope } } },
    async (req) => {
      await resetPassword(database, req.body);
      return ok(req, null);
    },
  );

  app.post(
    `${API_PREFIX}/user/changeLocal`,
    { schema: { tags, summary: "Store the member's language", body: zChangeLocalRequest, response: { 200: emptyEnvelope } } },
    async (req) => {
      const a = authOf(req);
      const updated = await database.rows(sql`UPDATE users SET locale = ${req.body.localCode} WHERE id = ${a.userId} RETURNING id`);
      if (!updated.length) throw new AppError(22008);
      return ok(req, null);
    },
  );
};
