import { userProfileSchema } from '@exchange/contracts';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { getProfile } from './service.js';
import type { RouteGroup } from '../route-group.js';

export const userRoutes: RouteGroup = {
  prefix: '/users',
  access: 'user',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile",
        security: [{ bearer: [] }],
        response: responses({ 200: userProfileSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await getProfile(app.ctx.db, authOf(request).userId, app.ctx.now())),
    });
  },
};
