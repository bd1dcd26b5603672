import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accountRoutes, type Contact } from './modules/account/routes.js';
import { announcementRoutes } from './modules/announcements/routes.js';
import { Captchas } from './modules/auth/captcha.js';
import { authRoutes } from './modules/auth/routes.js';
import { RsaKeys } from './modules/auth/rsa-keys.js';
import { countryRoutes } from './modules/countries/routes.js';
import { deviceRoutes } from './modules/devices/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import type { ConnectivityProvider } from './modules/network/provider.js';
import { networkRoutes } from './modules/network/routes.js';
import { authPlugin } from './plugins/auth.js';
import { envelopePlugin } from './plugins/envelope.js';
import { rawBodyPlugin } from './plugins/raw-body.js';
import { registerWeb } from './web/static.js';

export type AppOptions = {
  config: Config;
  database: Database;
  webDist?: string;
  logger?: boolean;
  /** where the logs go (stdout by default) */
  logStream?: NodeJS.WritableStream;
  provider: ConnectivityProvider;
};

const CONTACT: Contact = { email: 'support@rrp.local', phone: '400-800-1234', hours: '09:00-18:00 (UTC+8), Mon-Fri' };

/** Never log credentials: tokens, signatures, cookies and bodies stay out of the logs. */
const REDACT = ['req.headers["x-token"]', 'req.headers["x-sign"]', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Builds the Fastify instance: plugins in a fixed order (external, app, routes), then the web app. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' }, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.RRP_TRUST_PROXY,
    genReqId: () => randomUUID(),
    logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // external
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'RRP Console API', version: '1.0.0', description: 'Signed calls: see docs/api.md. Every answer is {success, code, msg, obj}.' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'X-Token' },
          sign: { type: 'apiKey', in: 'header', name: 'X-Sign' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // app
  await app.register(envelopePlugin);
  await app.register(rawBodyPlugin);
  await app.register(authPlugin, { database });

  // routes
  const keys = new RsaKeys(database);
  const captchas = new Captchas(database, config.NODE_ENV === 'production' ? undefined : config.RRP_TEST_CAPTCHA);
  await app.register(authRoutes, { database, keys, captchas });
  await app.register(countryRoutes);
  await app.register(accountRoutes, { database, contact: CONTACT });
  await app.register(announcementRoutes, { database });
  await app.register(feedbackRoutes, { database });
  await app.register(deviceRoutes, { database, provider: opts.provider });
  await app.register(networkRoutes, { database, provider: opts.provider });

  await registerWeb(app, opts.webDist);
  return app;
}
