#!/usr/bin/env node
/**
 * `npm run cc-sim`: the Control Center simulator on CC_SIM_HOST:CC_SIM_PORT (127.0.0.1:8091), its
 * state in RRP_DATA_DIR/cc-sim/state.json. Started by the RRP server as a child process it tells
 * the parent its address over IPC and stops when the parent goes.
 */
import { join, resolve } from 'node:path';
import { numberVar, serve } from '../core/process.js';
import { DEFAULT_CC_API_KEY, DEFAULT_CC_USERNAME, startCcSimulator } from './simulator.js';

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
  return sim;
}

serve('Control Center simulator', 'CC_SIM_PORT', main);
