/**
 * The embedded default for operator platforms: when an account of a platform kind points at its
 * simulator's default local address, `npm start` runs that simulator (apps/operator-sims) as a
 * child process on the same data directory, with the account's credentials. A simulator already
 * answering there (e.g. `npm run cc-sim`) is reused.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import { launchChild, probePort, serviceCommand, stopChild } from '../../lib/child-service.js';
import type { Credentials } from './connector.js';

type PlatformKind = Credentials['kind'];

const SIMS_DIR = new URL('../../../../operator-sims/', import.meta.url);

export const EMBEDDED_SIMS: Record<
  PlatformKind,
  {
    name: string;
    title: string;
    port: number;
    portVar: string;
    source: string;
    built: string;
    service: RegExp;
    env: (c: Credentials) => Record<string, string>;
  }
> = {
  cisco_cc: {
    name: 'the Control Center simulator',
    title: 'Cisco IoT Control Center simulator (its SIMs)',
    port: 8091,
    portVar: 'CC_SIM_PORT',
    source: 'src/cc/main.ts',
    built: 'dist/cc/main.js',
    service: /control.?center|cc/i,
    env: (c): Record<string, string> => (c.kind === 'cisco_cc' ? { CC_SIM_USERNAME: c.username, CC_SIM_API_KEY: c.apiKey } : {}),
  },
  onelink: {
    name: 'the OneLink simulator',
    title: 'China Mobile OneLink simulator (its cards)',
    port: 8092,
    portVar: 'ONELINK_SIM_PORT',
    source: 'src/onelink/main.ts',
    built: 'dist/onelink/main.js',
    service: /onelink/i,
    env: (c): Record<string, string> => (c.kind === 'onelink' ? { ONELINK_SIM_APPID: c.appid, ONELINK_SIM_PASSWORD: c.password } : {}),
  },
};

/** The address an account uses to reach a platform's simulator started by `npm start`. */
export const embeddedSimUrl = (kind: PlatformKind) => `http://127.0.0.1:${EMBEDDED_SIMS[kind].port}`;

type Wanted = Narrow<Row<'connectivity_accounts', 'id' | 'kind' | 'credentials'>, { kind: PlatformKind }>;

export type EmbeddedSims = { lines: string[]; stop(): Promise<void> };

/** Starts the simulators that accounts point at (their default local address); lines for the banner. */
export async function startEmbeddedSims(
  database: Database,
  o: { dataDir: string; decrypt: (accountId: string, stored: string) => Credentials; warn: (m: string) => void; timeoutMs?: number },
): Promise<EmbeddedSims> {
  const wanted = await database.rows<Wanted>(
    sql`SELECT DISTINCT ON (kind) id, kind, credentials FROM connectivity_accounts
        WHERE state <> 'disabled' AND ((kind = 'cisco_cc' AND base_url = ${embeddedSimUrl('cisco_cc')}) OR (kind = 'onelink' AND base_url = ${embeddedSimUrl('onelink')}))
        ORDER BY kind, created_at`,
  );
  const stops: (() => Promise<void>)[] = [];
  const lines: string[] = [];
  for (const account of wanted) {
    const sim = EMBEDDED_SIMS[account.kind];
    const url = embeddedSimUrl(account.kind);
    const found = await probePort(sim.port, (h) => typeof h?.service === 'string' && sim.service.test(h.service));
    if (found === 'ours') {
      lines.push(`  ${sim.title}: ${url}/ (already running)`);
      continue;
    }
    if (found === 'taken') {
      o.warn(`Port ${sim.port} is in use by something else: ${sim.name} is not started, and accounts pointing at ${url} cannot reach it.`);
      continue;
    }
    const command = serviceCommand(SIMS_DIR, sim.source, sim.built, import.meta.url);
    if (!command) {
      o.warn(`${sim.name} is not built (npm run build): accounts pointing at ${url} cannot reach it.`);
      continue;
    }
    try {
      const credentials = o.decrypt(account.id, account.credentials);
      const { child } = await launchChild({
        name: sim.name,
        command,
        env: { ...process.env, RRP_DATA_DIR: o.dataDir, [sim.portVar]: String(sim.port), ...sim.env(credentials) },
        timeoutMs: o.timeoutMs ?? 20_000,
      });
      stops.push(() => stopChild(child));
      lines.push(`  ${sim.title}: ${url}/`);
    } catch (e) {
      o.warn(`${sim.name} did not start: ${(e as Error).message}`);
    }
  }
  return { lines, stop: async () => void (await Promise.all(stops.map((s) => s()))) };
}
