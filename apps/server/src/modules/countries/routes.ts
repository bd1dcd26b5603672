import { API_PREFIX, zCountry } from '@rrp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../plugins/envelope.js';
import { COUNTRIES } from './countries.js';

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${API_PREFIX}/country/list`,
    { schema: { tags: ['auth'], summary: 'Countries and regions', response: { 200: envelope(z.array(zCountry)) } } },
    async (req) => ok(req, COUNTRIES),
  );
};
