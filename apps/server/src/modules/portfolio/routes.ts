import { portfolioPnlSchema } from '@exchange/contracts';
import { authOf } from '../../lib/request-auth.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { portfolioPnl } from './service.js';

/** The user's profit and loss, as the wallet overview and the dashboard show it. */
export const portfolioRoutes: RouteGroup = {
  prefix: '/portfolio',
  access: 'user',
  routes: async (app, { market }) => {
    app.get('/pnl', {
      schema: {
        tags: ['wallets'],
        summary:
          'Profit and loss per coin by average cost, in USDT: average cost, realised, unrealised at the last price, and the portfolio’s 24 h change',
        response: responses({ 200: portfolioPnlSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await portfolioPnl(app.ctx, market, authOf(request).userId)),
    });
  },
};
