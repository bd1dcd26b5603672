import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { ConnectivityProvider } from '../network/provider.js';

export const deviceRoutes: FastifyPluginAsyncZod<{ database: Database; provider: ConnectivityProvider }> = async () => {};
