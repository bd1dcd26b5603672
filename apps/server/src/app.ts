import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { guardUndeclaredRoutes, registerEndpoints } from './http/endpoints.js';
import type { HandlerMap } from './http/handler.js';
import { registerHealthProbes } from './http/health.js';
import { errorSerializer } from './lib/error-redaction.js';
import { acHandlers } from './modules/ac/index.js';
import { accountHandlers, accountSettingsHandlers } from './modules/account/index.js';
import { alarmHandlers } from './modules/alarms/index.js';
import { announcementHandlers, announcementOpsHandlers } from './modules/announcements/index.js';
import { atCardHandlers } from './modules/atcards/index.js';
import { auditHandlers } from './modules/audit/index.js';
import { authHandlers, Captchas, RsaKeys } from './modules/auth/index.js';
import { billingHandlers } from './modules/billing/index.js';
import { companyHandlers } from './modules/companies/index.js';
import { connectivityOpsHandlers } from './modules/connectivity/index.js';
import { apiKeyCredentials, apiKeyMasterSecret, developerHandlers } from './modules/developer/index.js';
import { deviceHandlers } from './modules/devices/index.js';
import { esimHandlers } from './modules/esim/index.js';
import { feedbackHandlers, feedbackOpsHandlers } from './modules/feedback/index.js';
import { firmwareHandlers, firmwareOpsHandlers } from './modules/firmware/index.js';
import { ingestionHandlers } from './modules/ingestion/index.js';
import { invoiceHandlers, invoiceOpsHandlers } from './modules/invoices/index.js';
import { licenseHandlers } from './modules/licenses/index.js';
import { memberHandlers } from './modules/members/index.js';
import { monitoringHandlers } from './modules/monitoring/index.js';
import type { ConnectivityProvider } from './modules/network/index.js';
import { opsHandlers } from './modules/ops/index.js';
import { orderHandlers, orderOpsHandlers, type PaymentGateway, paymentNotifyHandlers } from './modules/orders/index.js';
import { platformHandlers, platformOpsHandlers, readSupportContact } from './modules/platform/index.js';
import { reportHandlers } from './modules/reports/index.js';
import { roleHandlers } from './modules/roles/index.js';
import { authPlugin } from './plugins/auth.js';
import { bodyPlugin } from './plugins/body.js';
import { envelopePlugin } from './plugins/envelope.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { textGuardPlugin } from './plugins/text-guard.js';
import { registerWeb } from './web/static.js';

export type AppOptions = {
  config: Config;
  database: Database;
  webDist?: string;
  logger?: boolean;
  /** where the logs go (stdout by default) */
  logStream?: NodeJS.WritableStream;
  provider: ConnectivityProvider;
  /** WeChat Pay (or its simulator); null: WeChat payments are unavailable */
  payments?: PaymentGateway | null;
};

/** Never log credentials: tokens, signatures, cookies and bodies stay out of the logs. */
const REDACT = ['req.headers["x-token"]', 'req.headers["x-sign"]', 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** Every module's handlers: one per endpoint declared in packages/contracts (the compiler checks both ways). */
export function allHandlers(opts: AppOptions): HandlerMap {
  const { config, database, provider } = opts;
  const orders = {
    database,
    gateway: opts.payments ?? null,
    remittanceAccount: { accountName: config.RRP_REMITTANCE_ACCOUNT_NAME, bankName: config.RRP_REMITTANCE_BANK, accountNo: config.RRP_REMITTANCE_ACCOUNT_NO },
    publicUrl: config.publicUrl,
  };
  const keys = new RsaKeys(database);
  const captchas = new Captchas(database, config.NODE_ENV === 'production' ? undefined : config.RRP_TEST_CAPTCHA);
  return {
    ...authHandlers({ database, keys, captchas, publicUrl: config.publicUrl }),
    ...accountHandlers({ database, contact: () => readSupportContact(database, config.supportContact) }),
    ...accountSettingsHandlers({ database }),
    ...companyHandlers({ database, publicUrl: config.publicUrl }),
    ...announcementHandlers({ database }),
    ...feedbackHandlers({ database }),
    ...licenseHandlers({ database }),
    ...deviceHandlers({ database, provider }),
    ...ingestionHandlers({ database }),
    ...opsHandlers({ database }),
    ...auditHandlers({ database }),
    ...announcementOpsHandlers({ database }),
    ...feedbackOpsHandlers({ database }),
    ...memberHandlers({ database, publicUrl: config.publicUrl }),
    ...roleHandlers({ database }),
    ...platformHandlers({ database, defaults: config.supportContact }),
    ...platformOpsHandlers({ database, defaults: config.supportContact }),
    ...orderHandlers(orders),
    ...orderOpsHandlers(orders),
    ...paymentNotifyHandlers(orders),
    ...invoiceHandlers({ database, publicUrl: config.publicUrl }),
    ...invoiceOpsHandlers({ database, publicUrl: config.publicUrl }),
    ...billingHandlers({ database }),
    ...alarmHandlers({ database, publicUrl: config.publicUrl }),
    ...monitoringHandlers({ database, provider }),
    ...acHandlers({ database, provider }),
    ...esimHandlers({ database, provider }),
    ...atCardHandlers({ database, provider }),
    ...reportHandlers({ database, options: { snapshotSeconds: config.RRP_REPORT_SNAPSHOT_SECONDS } }),
    ...developerHandlers({ database, config }),
    ...firmwareHandlers({ database }),
    ...firmwareOpsHandlers({ database }),
    ...connectivityOpsHandlers({ database, config }),
  } satisfies HandlerMap;
}

/** Builds the Fastify instance: plugins in a fixed order (external, app, endpoints), then the web app. */
export async function buildApp(opts: AppOptions, handlerMap: HandlerMap = allHandlers(opts)): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT, censor: '[redacted]' },
            // a failed query's values (its parameters, the row a constraint refused) stay out too
            serializers: { err: errorSerializer },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
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
  await app.register(rateLimitPlugin, { database });
  await app.register(bodyPlugin);
  await app.register(authPlugin, { database, apiKeys: apiKeyCredentials(database, apiKeyMasterSecret(config)) });
  await app.register(textGuardPlugin);

  // endpoints: only from their declarations
  guardUndeclaredRoutes(app);
  registerEndpoints(app, handlerMap);
  registerHealthProbes(app, database);

  await registerWeb(app, opts.webDist);
  return app;
}
