/**
 * The embedded default: outside production and without WECHATPAY_BASE_URL, the server runs the
 * WeChat Pay simulator (apps/wechatpay-sim) as a child process on the same data directory, so
 * payments work out of the box. A simulator already answering on the port with our key set
 * (e.g. `npm run wechatpay-sim`) is reused; a port held by anything else moves ours to a free one.
 */
import type { ChildProcess } from 'node:child_process';
import { launchChild, probePort, serviceCommand, stopChild } from '../../lib/child-service.js';

export type EmbeddedSimulator = {
  /** e.g. http://127.0.0.1:8089 */
  url: string;
  /** an already running simulator was reused (stop leaves it running) */
  reused: boolean;
  stop(): Promise<void>;
};

export type EmbeddedSimulatorOptions = {
  dataDir: string;
  port: number;
  /** our platform public key id: a simulator with another key set is not reused */
  platformPublicKeyId: string;
  env?: NodeJS.ProcessEnv;
  /** how long to wait for the child to answer /healthz (default 20 s) */
  startTimeoutMs?: number;
};

const SIM_DIR = new URL('../../../../wechatpay-sim/', import.meta.url);
const NAME = 'the WeChat Pay simulator';

/** How to run the simulator: from its sources when this server runs from its own (tsx), else its build. */
export const simulatorCommand = () => serviceCommand(SIM_DIR, 'src/main.ts', 'dist/main.js', import.meta.url);

/**
 * Starts (or reuses) the simulator; null when it is not built (the reason is in `warn`). The
 * child stops with this process: on stop(), on exit, and by itself when the IPC channel closes.
 */
export async function startEmbeddedSimulator(o: EmbeddedSimulatorOptions, warn: (msg: string) => void = () => {}): Promise<EmbeddedSimulator | null> {
  const found = await probePort(o.port, (h) => h?.service === 'wechatpay-sim' && h.platform_public_key_id === o.platformPublicKeyId);
  if (found === 'ours') return { url: `http://127.0.0.1:${o.port}`, reused: true, stop: async () => {} };
  const command = simulatorCommand();
  if (!command) {
    warn('The WeChat Pay simulator is not built (npm run build): payments are unavailable until WECHATPAY_BASE_URL points at one.');
    return null;
  }
  if (found === 'taken') warn(`Port ${o.port} (WECHATPAY_SIM_PORT) is in use by something else: the WeChat Pay simulator takes a free port.`);
  const timeoutMs = o.startTimeoutMs ?? 20_000;

  const launch = (port: number) =>
    launchChild({
      name: NAME,
      command,
      env: { ...(o.env ?? process.env), RRP_DATA_DIR: o.dataDir, WECHATPAY_SIM_PORT: String(port), WECHATPAY_SIM_QUIET: '1' },
      timeoutMs,
    });

  let started: { child: ChildProcess; url: string };
  try {
    started = await launch(found === 'free' ? o.port : 0);
  } catch (e) {
    // someone took the port between the probe and the start
    if ((e as { code?: string }).code !== 'EADDRINUSE') throw e;
    warn(`Port ${o.port} (WECHATPAY_SIM_PORT) is in use: the WeChat Pay simulator takes a free port.`);
    started = await launch(0);
  }
  const { child, url } = started;
  return { url, reused: false, stop: () => stopChild(child) };
}
