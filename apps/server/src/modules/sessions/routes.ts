import { z } from 'zod';
import { ok, responses } from '../../lib/route-schema.js';
import { sessionOf } from '../../lib/request-auth.js';
import type { RouteGroup } from '../route-group.js';
import { logout } from './service.js';

/** The /auth calls made with a session: ending it. */
export const sessionRoutes: RouteGroup = {
  prefix: '/auth',
  access: 'user',
  routes: async (app) => {
    app.post('/logout', {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        security: [{ bearer: [] }],
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await logout(app.ctx, sessionOf(request));
        return ok(200, 'Logged out', null);
      },
    });
  },
};
