import {
  BATCH_CANCEL_MAX,
  BATCH_PLACE_MAX,
  batchCancelRequestSchema,
  batchItemSchema,
  batchPlaceRequestSchema,
  cancelAllRequestSchema,
  cancelOrderRequestSchema,
  orderListQuerySchema,
  orderSchema,
  placeOcoRequestSchema,
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
import { API_KEY_SECURITY } from '../../lib/api-key-docs.js';
import { said } from '../../lib/messages.js';
import { authOf } from '../../lib/request-auth.js';
import { toOrderDto } from './dto.js';
import { cancelBatch, CANCELLED, PLACED, placeBatch } from './batch.js';
import {
  cancelAllOrders,
  cancelUserOrder,
  listUserOrders,
  submitOco,
  submitOrder,
} from './service.js';
import type { RouteGroup } from '../route-group.js';

const tags = ['orders'];
/** A login, or a key signed as /api/docs describes (components.securitySchemes). */
const security = [{ bearer: [] }, API_KEY_SECURITY];
const trade = { apiKeyScope: 'trade' } as const;

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
      config: trade,
      serializerCompiler: serializeBuiltAnswers,
      // An order's answer is always under compression's 1 KB: no compression hook on the way out.
      compress: false,
      handler: async (request) => {
        const order = await submitOrder(app.ctx, authOf(request).userId, request.body);
        return ok(200, PLACED, toOrderDto(order));
      },
    });

    app.post('/oco', {
      schema: {
        tags,
        security,
        summary:
          'Place an OCO: a limit order and a stop-limit order; a fill of one or the trigger of the stop cancels the other',
        body: placeOcoRequestSchema,
        response: responses({ 200: z.array(orderSchema) }),
      },
      config: trade,
      handler: async (request) => {
        const orders = await submitOco(app.ctx, authOf(request).userId, request.body);
        return ok(200, 'OCO placed', orders.map(toOrderDto));
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
      config: trade,
      serializerCompiler: serializeBuiltAnswers,
      // An order's answer is always under compression's 1 KB: no compression hook on the way out.
      compress: false,
      handler: async (request) => {
        const order = await cancelUserOrder(app.ctx, authOf(request).userId, request.params.id);
        return ok(200, CANCELLED, toOrderDto(order));
      },
    });

    app.post('/batch', {
      schema: {
        tags,
        security,
        summary: `Place up to ${BATCH_PLACE_MAX} orders; each is answered on its own, in order`,
        body: batchPlaceRequestSchema,
        response: responses({ 200: z.array(batchItemSchema) }),
      },
      config: trade,
      handler: async (request) => {
        const { userId } = authOf(request);
        const items = await placeBatch(app.ctx, request.log, userId, request.body.orders);
        return ok(200, 'Batch processed', items);
      },
    });

    app.post('/cancel', {
      schema: {
        tags,
        security,
        summary: `Cancel up to ${BATCH_CANCEL_MAX} orders by id or client order id; each is answered on its own`,
        body: batchCancelRequestSchema,
        response: responses({ 200: z.array(batchItemSchema) }),
      },
      config: trade,
      handler: async (request) => {
        const items = await cancelBatch(app.ctx, request.log, authOf(request).userId, request.body);
        return ok(200, 'Batch processed', items);
      },
    });

    app.post('/cancel-all', {
      schema: {
        tags,
        security,
        summary: 'Cancel every open order of yours on a pair; answers the orders cancelled',
        body: cancelAllRequestSchema,
        response: responses({ 200: z.array(orderSchema) }),
      },
      config: trade,
      handler: async (request) => {
        const { userId } = authOf(request);
        const orders = await cancelAllOrders(app.ctx, userId, request.body.symbol);
        return ok(200, said('ordersCancelled', orders.length), orders.map(toOrderDto));
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
      config: { apiKeyScope: 'read' },
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
