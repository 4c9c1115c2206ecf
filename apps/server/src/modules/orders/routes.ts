import {
  cancelOrderRequestSchema,
  orderListQuerySchema,
  orderSchema,
  placeOrderRequestSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import {
  ok,
  okPage,
  pagedResponses,
  responses,
  serializeBuiltAnswers,
} from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { toOrderDto } from './dto.js';
import { cancelUserOrder, listUserOrders, submitOrder } from './service.js';
import type { RouteGroup } from '../route-group.js';

const tags = ['orders'];
const security = [{ bearer: [] }];

export const orderRoutes: RouteGroup = {
  prefix: '/orders/spot',
  access: 'user',
  routes: async (app) => {
    app.post('', {
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

    app.patch('/:id', {
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

    app.get('', {
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
        const { data, total } = await listUserOrders(
          app.ctx,
          authOf(request).userId,
          { page: q.page, pageSize: q.page_size },
          list,
        );
        return okPage(data, total);
      },
    });
  },
};
