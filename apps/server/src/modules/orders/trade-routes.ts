import {
  MY_TRADE_COLUMNS,
  myTradeSchema,
  myTradesCsvQuerySchema,
  myTradesQuerySchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { csvDownload } from '../../lib/csv.js';
import { API_KEY_SECURITY } from '../../lib/api-key-docs.js';
import { authOf } from '../../lib/request-auth.js';
import { csvResponses, okPage, pagedResponses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { listMyTrades, myTradesCsv } from './my-trades.js';

const tags = ['orders'];
const security = [{ bearer: [] }, API_KEY_SECURITY];

/** The user's fills (the Trade History tab) and their CSV. */
export const myTradeRoutes: RouteGroup = {
  prefix: '/orders/spot/trades',
  access: 'user',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags,
        security,
        summary: 'Your fills, newest first: price, amount, fee, TDS, maker or taker',
        querystring: myTradesQuerySchema,
        response: pagedResponses(z.array(myTradeSchema)),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) => {
        const { page, page_size, symbol } = request.query;
        const { userId } = authOf(request);
        const { data, total } = await listMyTrades(
          app.ctx,
          userId,
          { page, pageSize: page_size },
          symbol,
        );
        return okPage(data, total);
      },
    });

    app.get('/csv', {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Your fills as CSV (every pair, or one), newest first, times in IST',
        querystring: myTradesCsvQuerySchema,
        response: csvResponses(MY_TRADE_COLUMNS),
      },
      handler: async (request, reply) => {
        const { symbol } = request.query;
        const csv = await myTradesCsv(app.ctx, authOf(request).userId, symbol);
        const name = symbol ? `trades-${symbol.toUpperCase()}.csv` : 'trades.csv';
        return csvDownload(reply, name, csv);
      },
    });
  },
};
