import { changePasswordRequestSchema, PASSWORD_CHANGE_MESSAGES as M } from '@exchange/contracts';
import { z } from 'zod';
import { authOf, sessionOf } from '../../lib/request-auth.js';
import { originOf } from '../../lib/request-origin.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { changePassword } from './password-change.js';

/** Changing the password while signed in (a session only, never an API key). */
export const passwordChangeRoutes: RouteGroup = {
  prefix: '/security/password',
  access: 'user',
  routes: async (app) => {
    app.post('', {
      schema: {
        tags: ['security'],
        security: [{ bearer: [] }],
        summary:
          'Change the password: the current one and the second factor; other sessions end, withdrawals wait (cooling-off)',
        body: changePasswordRequestSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        const auth = { userId: authOf(request).userId, sessionId: sessionOf(request) };
        await changePassword(app.ctx, auth, request.body, originOf(request));
        return ok(200, M.changed, null);
      },
    });
  },
};
