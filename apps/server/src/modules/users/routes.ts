import { userProfileSchema } from '@exchange/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf } from '../../plugins/authenticate.js';
import { getProfile } from './service.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', {
    schema: {
      tags: ['users'],
      summary: "The signed-in user's profile",
      security: [{ bearer: [] }],
      response: responses({ 200: userProfileSchema }),
    },
    handler: async (request) => ok(200, 'OK', await getProfile(app.ctx.db, authOf(request).userId)),
  });
};
