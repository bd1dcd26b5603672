import { Writable } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allHandlers, buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import type { HandlerMap } from '../src/http/handler.js';
import { createProvider } from '../src/modules/network/index.js';
import { seedDemo } from '../src/seed/demo.js';
import { freshDatabase, testConfig } from './helper.js';

export type ProbeApp = { app: FastifyInstance; database: Database; lines: string[]; close(): Promise<void> };

/**
 * The real app, logging at info into `lines`, whose `POST /rrp/feedback/add` runs the query that
 * `queries[feedback]` builds instead of storing feedback: for tests of what a failing query answers
 * and logs.
 */
export async function probeApp(queries: Record<string, (database: Database) => SQL>): Promise<ProbeApp> {
  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
  const config = testConfig({ LOG_LEVEL: 'info' });
  const database = await freshDatabase();
  await seedDemo(database, config);
  const opts = { config, database, logStream, provider: createProvider(database, { simulateFleet: false }) };
  const handlers: HandlerMap = {
    ...allHandlers(opts),
    'POST /rrp/feedback/add': async ({ body }) => {
      await database.rows((queries[body.feedback] as (d: Database) => SQL)(database));
      return null;
    },
  };
  const app = await buildApp(opts, handlers);
  await app.ready();
  return {
    app,
    database,
    lines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
