import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf } from '../../plugins/authenticate.js';
import { logout } from './service.js';

/** /auth calls that need a session; registered inside the authenticated scope. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Revoke the current session',
      security: [{ bearer: [] }],
      response: responses({ 200: z.null() }),
    },
    handler: async (request) => {
      await logout(app.ctx, authOf(request).sessionId);
      return ok(200, 'Logged out', null);
    },
  });
};
