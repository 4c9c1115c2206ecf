import { withdrawalPauseSchema } from '@exchange/contracts';
import { authOf } from '../../lib/request-auth.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { pauseOf } from './service.js';

/** GET /withdrawal-pause: whether an admin paused the user's withdrawals (the dialogs say so). */
export const withdrawalPauseRoutes: RouteGroup = {
  prefix: '/withdrawal-pause',
  access: 'user',
  routes: async (app) => {
    app.get('', {
      schema: {
        summary: "Whether the account's withdrawals are paused while it is reviewed",
        response: responses({ 200: withdrawalPauseSchema }),
      },
      handler: async (request) => {
        const pause = await pauseOf(app.ctx.db, authOf(request).userId);
        return ok(200, 'OK', { paused: pause !== undefined });
      },
    });
  },
};
