#!/usr/bin/env node
/**
 * `npm run onelink-sim`: the China Mobile OneLink (API v5) simulator on 127.0.0.1:ONELINK_SIM_PORT
 * (8092), state in RRP_DATA_DIR/onelink-sim/. Started by the RRP server as a child process it tells
 * the parent its address over IPC and stops when the parent goes.
 */
import { resolve } from 'node:path';
import { numberVar, serve } from '../core/process.js';
import { DEFAULT_APPID, DEFAULT_PASSWORD, startOneLinkSimulator } from './index.js';

async function main() {
  const port = numberVar('ONELINK_SIM_PORT', 8092, (n) => Number.isInteger(n) && n >= 0 && n <= 65535);
  const sims = numberVar('ONELINK_SIM_SIMS', 1000, (n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000);
  const delayMs = numberVar('ONELINK_SIM_DELAY_MS', 0, (n) => Number.isInteger(n) && n >= 0 && n <= 60_000);
  const changeIntervalSeconds = numberVar('ONELINK_SIM_CHANGE_INTERVAL_S', 0, (n) => Number.isInteger(n) && n >= 0 && n <= 86_400);
  const dataDir = resolve(process.env.RRP_DATA_DIR || './data');
  const quiet = process.env.ONELINK_SIM_QUIET === '1';
  const sim = await startOneLinkSimulator({
    port,
    host: process.env.ONELINK_SIM_HOST || '127.0.0.1',
    sims,
    delayMs,
    changeIntervalSeconds,
    appid: process.env.ONELINK_SIM_APPID || DEFAULT_APPID,
    password: process.env.ONELINK_SIM_PASSWORD || DEFAULT_PASSWORD,
    stateFile: resolve(dataDir, 'onelink-sim', 'state.json'),
    log: quiet ? undefined : (line) => process.stdout.write(`[onelink-sim] ${line}\n`),
  });
  const lines = [
    '',
    `  China Mobile OneLink simulator (API v5) is running at ${sim.url}`,
    `  Cards (operator pages): ${sim.url}/`,
    `  API: ${sim.url}/v5/ec/get/token?appid=…&password=…&transid=…`,
    `  APPID ${sim.appid}, password ${sim.password}`,
    `  ${sim.fleet.sims.length} cards, state in ${resolve(dataDir, 'onelink-sim')}`,
    ...(delayMs > 0 ? [`  Every API answer delayed ${delayMs} ms`] : []),
    ...(changeIntervalSeconds > 0 ? [`  A card's status changes at least ${changeIntervalSeconds} s apart`] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return sim;
}

serve('OneLink simulator', 'ONELINK_SIM_PORT', main);
