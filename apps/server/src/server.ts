import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordProblem } from '@rrp/contracts';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type Database, openPglite, openPostgres } from './db/client.js';
import { DataDirLockedError, lockDataDir } from './db/lock.js';
import { startDraining } from './http/health.js';
import { allJobs } from './jobs/registry.js';
import { JobRunner } from './jobs/runner.js';
import { MailCatcher } from './mail/catcher.js';
import { smtpMailer } from './mail/transport.js';
import {
  AccountRouter,
  connectorOpener,
  decryptCredentials,
  type EmbeddedSims,
  secretsKey,
  seedPlatformDemo,
  startEmbeddedSims,
} from './modules/connectivity/index.js';
import { invoiceAttachments } from './modules/invoices/index.js';
import { createProvider } from './modules/network/index.js';
import {
  createWechatPayGateway,
  type EmbeddedSimulator,
  embeddedSimulatorWanted,
  loadWechatPayConfig,
  NOTIFY_PATH,
  startEmbeddedSimulator,
  type WechatPayConfig,
  WechatPayConfigError,
} from './modules/payments/index.js';
import { reportAttachments } from './modules/reports/index.js';
import { type SeedResult, seedDemo } from './seed/demo.js';

const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

function fatal(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function printBanner(url: string, database: Database, mailUrl: string | null, seed: SeedResult, dataDir: string, payLine: string) {
  const lines = [
    '',
    `  RRP Console is running at ${url}`,
    `  API documentation: ${url}/api/docs`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    mailUrl ? `  Mail catcher (e-mails sent by the console): ${mailUrl}` : '  E-mail: sent through SMTP_URL',
    payLine,
    '',
    seed.seeded ? '  Demo accounts (first start):' : '  Demo accounts (password as printed at first start, or RRP_ADMIN_PASSWORD / RRP_OPS_PASSWORD):',
    ...seed.accounts.map((a) => `    ${a.role.padEnd(32)} ${a.email}${a.phone ? ` / ${a.phone}` : ''}${a.password ? `   password: ${a.password}` : ''}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fatal(e.message);
    throw e;
  }
  for (const [name, value] of [
    ['RRP_ADMIN_PASSWORD', config.RRP_ADMIN_PASSWORD],
    ['RRP_OPS_PASSWORD', config.RRP_OPS_PASSWORD],
  ] as const) {
    if (value && passwordProblem(value))
      fatal(
        `Invalid configuration:\n  ${name}: must be 8-16 characters with three of digits, upper case, lower case and special characters, and no common words`,
      );
  }

  // WeChat Pay: the configured key set, else the one generated in RRP_DATA_DIR/wechatpay/
  let wechatpay: WechatPayConfig;
  try {
    wechatpay = loadWechatPayConfig(config);
  } catch (e) {
    if (e instanceof WechatPayConfigError) fatal(`Invalid configuration:\n  ${e.message}`);
    throw e;
  }

  let unlock = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL, {
      pooler: config.DATABASE_POOLER === 'transaction' ? 'transaction' : 'session',
      directUrl: config.DATABASE_DIRECT_URL,
      relaxedUrl: config.DATABASE_RELAXED_URL,
      replica: config.DATABASE_REPLICA_URL
        ? { url: config.DATABASE_REPLICA_URL, maxLagSeconds: config.RRP_REPLICA_MAX_LAG_SECONDS, log: (m) => process.stderr.write(`${m}\n`) }
        : undefined,
    });
  } else {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirLockedError) fatal(e.message);
      throw e;
    }
    database = await openPglite(join(config.dataDir, 'pglite'));
  }

  let catcher: MailCatcher | undefined;
  let smtpUrl = config.SMTP_URL;
  if (!smtpUrl) {
    catcher = new MailCatcher();
    await catcher.start('127.0.0.1', config.RRP_MAILCATCHER_SMTP_PORT, config.RRP_MAILCATCHER_HTTP_PORT);
    smtpUrl = `smtp://127.0.0.1:${catcher.smtpPort}`;
  }
  const mailer = smtpMailer(smtpUrl, config.MAIL_FROM, {
    'invoice-file': invoiceAttachments(database),
    report: reportAttachments(database, { snapshotSeconds: config.RRP_REPORT_SNAPSHOT_SECONDS }),
  });

  // the embedded default: the WeChat Pay simulator as a child process (docs/payments.md)
  const wantSim = embeddedSimulatorWanted(config);
  let paySim: EmbeddedSimulator | null = null;
  if (wantSim) {
    const warn = (m: string) => process.stderr.write(`${m}\n`);
    paySim = await startEmbeddedSimulator(
      { dataDir: config.dataDir, port: config.WECHATPAY_SIM_PORT, platformPublicKeyId: wechatpay.platformPublicKeyId },
      warn,
    ).catch((e) => {
      warn(`${e?.message ?? e}: payments are unavailable.`);
      return null;
    });
    if (paySim) {
      config = { ...config, WECHATPAY_BASE_URL: paySim.url };
      wechatpay.baseUrl = paySim.url;
    }
  }
  const payments = wantSim && !paySim ? null : createWechatPayGateway(wechatpay);
  const payLine = paySim
    ? `  WeChat Pay simulator (pay page): ${paySim.url}/${paySim.reused ? ' (already running)' : ''}`
    : payments
      ? `  WeChat Pay: ${wechatpay.baseUrl}`
      : '  WeChat Pay: unavailable (the simulator did not start)';

  const seed: SeedResult = config.RRP_SEED ? await seedDemo(database, config) : { seeded: false, accounts: [] };
  if (seed.seeded && !config.DATABASE_URL) {
    const creds = seed.accounts.map((a) => `${a.role}: ${a.email} ${a.password ?? ''}`).join('\n');
    writeFileSync(join(config.dataDir, 'demo-credentials.txt'), `${creds}\n`, { mode: 0o600 });
  }

  // operator platforms: the demo's Control Center account (first start), the simulators accounts
  // point at (their default local address), and each account's connector (docs/connectors.md)
  const decrypt = (accountId: string, stored: string) => decryptCredentials(secretsKey(config), accountId, stored);
  if (seed.companyId && config.RRP_DEMO_PLATFORMS && config.NODE_ENV !== 'production') await seedPlatformDemo(database, secretsKey(config), seed.companyId);
  const platformSims: EmbeddedSims = await startEmbeddedSims(database, { dataDir: config.dataDir, decrypt, warn: (m) => process.stderr.write(`${m}\n`) });

  // each device's commands go to its account's platform: the built-in simulated network or a connector
  const provider = new AccountRouter(database, createProvider(database, { simulateFleet: config.RRP_SIMULATOR }));
  const app = await buildApp({ config, database, provider, payments, webDist: config.RRP_WEB_DIST ?? WEB_DIST });
  const stopping = new AbortController();
  const { handlers, periodic } = allJobs({
    database,
    provider,
    mailer,
    payments,
    openConnector: connectorOpener(decrypt),
    stopSignal: stopping.signal,
    publicUrl: config.publicUrl,
    webhooks: config,
    rawReportRetentionDays: config.RRP_RAW_REPORT_RETENTION_DAYS,
  });
  const jobs = new JobRunner(database, handlers, periodic, app.log);
  if (config.RRP_JOBS) jobs.start();
  if (config.RRP_SIMULATOR) provider.start();

  await app.listen({ port: config.PORT, host: config.HOST });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  // notifications go to the port really listened on (PORT=0) unless an address was configured
  if (!config.WECHATPAY_NOTIFY_URL && !config.RRP_PUBLIC_URL) wechatpay.notifyUrl = `http://${host}:${port}${NOTIFY_PATH}`;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // behind a load balancer: fail /readyz first and keep serving until it has noticed
    if (config.RRP_SHUTDOWN_DRAIN_SECONDS > 0) {
      startDraining(app);
      app.log.info({ signal, seconds: config.RRP_SHUTDOWN_DRAIN_SECONDS }, 'shutting down: draining');
      await new Promise((r) => setTimeout(r, config.RRP_SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
    await provider.stop();
    stopping.abort();
    await jobs.stop();
    await paySim?.stop();
    await platformSims.stop();
    mailer.close();
    await catcher?.stop();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // the banner last: whoever reads it may stop the server at once, and the handlers are ready
  printBanner(
    `http://${host}:${port}`,
    database,
    catcher ? `http://127.0.0.1:${catcher.httpPort}` : null,
    seed,
    config.dataDir,
    [payLine, ...platformSims.lines].join('\n'),
  );
}

main().catch((err) => {
  process.stderr.write(`RRP Console failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
