import { AppError } from '../../lib/app-error.js';
import { sameHash } from '../../lib/secrets.js';
import { auditLedger } from '../audit/service.js';
import type { RouteGroup } from '../route-group.js';

export const OPS_TOKEN_HEADER = 'x-ops-token';

/**
 * Operator calls for command-line tools on the server's machine: whoever can read the ops token
 * in DATA_DIR may call them. The embedded database admits one process, so `npm run audit:ledger`
 * asks the running server instead of opening it a second time.
 */
export const opsRoutes: RouteGroup = {
  prefix: '/ops',
  access: 'public',
  routes: async (app) => {
    app.addHook('onRequest', async (request) => {
      const given = request.headers[OPS_TOKEN_HEADER];
      if (typeof given !== 'string' || !sameHash(given, app.ctx.opsToken)) {
        throw new AppError('UNAUTHORIZED', 'Operator token required');
      }
    });
    app.get('/audit/ledger', { schema: { hide: true } }, async () => auditLedger(app.ctx.db));
  },
};
