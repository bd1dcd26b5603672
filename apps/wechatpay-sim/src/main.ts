#!/usr/bin/env node
/**
 * `npm run wechatpay-sim`: the simulator on 127.0.0.1:WECHATPAY_SIM_PORT (8089), keys and state
 * in RRP_DATA_DIR/wechatpay/. Started by the RRP server as a child process it tells the parent
 * its address over IPC and stops when the parent goes.
 */
import { resolve } from 'node:path';
import { startSimulator } from './simulator.js';

function numberVar(name: string, fallback: number, ok: (n: number) => boolean): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!ok(n)) {
    process.stderr.write(`Invalid configuration:\n  ${name}: ${JSON.stringify(raw)} is out of range\n`);
    process.exit(1);
  }
  return n;
}

async function main() {
  const port = numberVar('WECHATPAY_SIM_PORT', 8089, (n) => Number.isInteger(n) && n >= 0 && n <= 65535);
  const timeScale = numberVar('WECHATPAY_SIM_TIME_SCALE', 1, (n) => Number.isFinite(n) && n > 0 && n <= 1000);
  const dataDir = resolve(process.env.RRP_DATA_DIR || './data');
  const quiet = process.env.WECHATPAY_SIM_QUIET === '1';
  const sim = await startSimulator({
    dataDir,
    port,
    host: process.env.WECHATPAY_SIM_HOST || '127.0.0.1',
    timeScale,
    merchantName: process.env.WECHATPAY_SIM_MERCHANT_NAME || undefined,
    log: quiet ? undefined : (line) => process.stdout.write(`[wechatpay-sim] ${line}\n`),
  });
  const lines = [
    '',
    `  WeChat Pay simulator is running at ${sim.url}`,
    `  Orders (pay page): ${sim.url}/`,
    `  Merchant ${sim.keys.mchid}, app ${sim.keys.appid}, platform public key ${sim.keys.platformPublicKeyId}`,
    `  Keys and state: ${sim.keys.dir}`,
    ...(timeScale !== 1 ? [`  Notification retry delays scaled by ${timeScale}`] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await sim.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  if (process.send) {
    process.on('disconnect', () => void stop());
    process.send({ type: 'ready', url: sim.url, platformPublicKeyId: sim.keys.platformPublicKeyId });
  }
}

main().catch((err: NodeJS.ErrnoException) => {
  if (err?.code === 'EADDRINUSE') process.stderr.write(`WeChat Pay simulator: the port is in use (${err.message}); set WECHATPAY_SIM_PORT\n`);
  else process.stderr.write(`WeChat Pay simulator failed to start: ${err?.stack ?? err}\n`);
  const message = { type: 'error', code: err?.code ?? 'ERROR', message: String(err?.message ?? err) };
  if (process.send) process.send(message, () => process.exit(1));
  else process.exit(1);
});
