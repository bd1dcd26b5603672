#!/usr/bin/env node
/**
 * `npm run cc-sim`: the Control Center simulator on CC_SIM_HOST:CC_SIM_PORT (127.0.0.1:8091), its
 * state in RRP_DATA_DIR/cc-sim/state.json. Started by the RRP server as a child process it tells
 * the parent its address over IPC and stops when the parent goes.
 */
import { join, resolve } from 'node:path';
import { DEFAULT_CC_API_KEY, DEFAULT_CC_USERNAME, startCcSimulator } from './simulator.js';

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
  const port = numberVar('CC_SIM_PORT', 8091, (n) => Number.isInteger(n) && n >= 0 && n <= 65535);
  const sims = numberVar('CC_SIM_SIMS', 1000, (n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000);
  const delayMs = numberVar('CC_SIM_DELAY_MS', 0, (n) => Number.isInteger(n) && n >= 0 && n <= 60_000);
  const stateFile = join(resolve(process.env.RRP_DATA_DIR || './data'), 'cc-sim', 'state.json');
  const quiet = process.env.CC_SIM_QUIET === '1';
  const sim = await startCcSimulator({
    port,
    host: process.env.CC_SIM_HOST || '127.0.0.1',
    sims,
    seed: process.env.CC_SIM_SEED || undefined,
    username: process.env.CC_SIM_USERNAME || DEFAULT_CC_USERNAME,
    apiKey: process.env.CC_SIM_API_KEY || DEFAULT_CC_API_KEY,
    delayMs,
    stateFile,
    log: quiet ? undefined : (line) => process.stdout.write(`[cc-sim] ${line}\n`),
  });
  const lines = [
    '',
    `  Cisco IoT Control Center simulator is running at ${sim.url}`,
    `  SIMs (operator pages): ${sim.url}/`,
    `  REST API: ${sim.url}/rws/api/v1  (HTTP Basic)`,
    `  User name: ${sim.username}`,
    `  API key:   ${sim.apiKey}`,
    `  ${sims} SIMs; state in ${stateFile}`,
    ...(delayMs > 0 ? [`  Every API answer delayed ${delayMs} ms`] : []),
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
    process.send({ type: 'ready', url: sim.url });
  }
}

main().catch((err: NodeJS.ErrnoException) => {
  if (err?.code === 'EADDRINUSE') process.stderr.write(`Control Center simulator: the port is in use (${err.message}); set CC_SIM_PORT\n`);
  else process.stderr.write(`Control Center simulator failed to start: ${err?.stack ?? err}\n`);
  const message = { type: 'error', code: err?.code ?? 'ERROR', message: String(err?.message ?? err) };
  if (process.send) process.send(message, () => process.exit(1));
  else process.exit(1);
});
