import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { ConnectivityProvider } from './provider.js';

/** The device API (`/api/v1/device/...`): reports from devices or gateways, signed with the company's device key. */
export const networkRoutes: FastifyPluginAsyncZod<{ database: Database; provider: ConnectivityProvider }> = async () => {};
