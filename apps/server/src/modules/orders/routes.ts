import {
  cancelOrderRequestSchema,
  orderListQuerySchema,
  orderSchema,
  placeOrderRequestSchema,
} from '@exchange/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderFromRow } from '../../core/trading/trading-rows.js';
import { AppError } from '../../lib/app-error.js';
import {
  ok,
  okPage,
  pagedResponses,
  responses,
  serializeBuiltAnswers,
} from '../../lib/route-schema.js';
import { authOf } from '../../plugins/authenticate.js';
import { toOrderDto } from './dto.js';
import { userOrderPage } from './repository.js';
import { cancelUserOrder, submitOrder } from './service.js';

const tags = ['orders'];
const security = [{ bearer: [] }];

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/orders/spot', {
    schema: {
      tags,
      security,
      summary: 'Place a spot order: funds are held, then it matches at once or rests on the book',
      body: placeOrderRequestSchema,
      response: responses({ 200: orderSchema }),
    },
    serializerCompiler: serializeBuiltAnswers,
    handler: async (request) => {
      const order = await submitOrder(app.ctx, authOf(request).userId, request.body);
      return ok(200, 'Order placed successfully', toOrderDto(order));
    },
  });

  app.patch('/orders/spot/:id', {
    schema: {
      tags,
      security,
      summary: 'Cancel your open order; what it still holds returns to your spot wallet',
      params: z.object({ id: z.string() }),
      body: cancelOrderRequestSchema,
      response: responses({ 200: orderSchema }),
    },
    serializerCompiler: serializeBuiltAnswers,
    handler: async (request) => {
      const order = await cancelUserOrder(app.ctx, authOf(request).userId, request.params.id);
      return ok(200, 'Order cancelled successfully', toOrderDto(order));
    },
  });

  app.get('/orders/spot', {
    schema: {
      tags,
      security,
      summary: 'Your orders, newest first: open, or closed (filled and cancelled)',
      querystring: orderListQuerySchema,
      response: pagedResponses(z.array(orderSchema)),
    },
    handler: async (request) => {
      const q = request.query;
      const list = q.order_status ?? q['filters[order_status]'];
      const { rows, total } = await userOrderPage(
        app.ctx.db,
        authOf(request).userId,
        { page: q.page, pageSize: q.page_size },
        list,
      );
      const pairs = app.ctx.core.state.trading.pairsById;
      const data = rows.map((row) => {
        const pair = pairs.get(row.pair_id);
        if (!pair) throw new AppError(500, 'INTERNAL', `order ${row.id} on an unknown pair`);
        return toOrderDto(orderFromRow(row, pair));
      });
      return okPage(data, total);
    },
  });
};
