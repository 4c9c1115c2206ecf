import {
  MAX_PRICE_ALERTS,
  notificationListSchema,
  priceAlertRequestSchema,
  priceAlertSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { ok, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';

const tags = ['price alerts'];

/** A user's price alerts: set above or below a price on a market, fired once when crossed. */
export const priceAlertRoutes: RouteGroup = {
  prefix: '/alerts',
  access: 'user',
  routes: async (app, { alerts }) => {
    app.get('', {
      schema: {
        tags,
        summary: 'My price alerts, waiting and fired, newest first',
        response: responses({ 200: z.array(priceAlertSchema) }),
      },
      handler: async (request) => ok(200, 'OK', await alerts.list(authOf(request).userId)),
    });

    app.post('', {
      schema: {
        tags,
        summary: `Set a price alert (at most ${MAX_PRICE_ALERTS} waiting); it fires once, when the last price crosses it`,
        body: priceAlertRequestSchema,
        response: responses({ 201: priceAlertSchema }),
      },
      handler: async (request, reply) => {
        const alert = await alerts.create(authOf(request).userId, request.body);
        void reply.status(201);
        return ok(201, 'Price alert set', alert);
      },
    });

    app.delete('/:id', {
      schema: {
        tags,
        summary: 'Delete one of my price alerts',
        params: recordIdParams,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await alerts.remove(authOf(request).userId, request.params.id);
        return ok(200, 'Price alert deleted', null);
      },
    });
  },
};

/** The bell: a user's in-app notifications. */
export const notificationRoutes: RouteGroup = {
  prefix: '/notifications',
  access: 'user',
  routes: async (app, { alerts }) => {
    app.get('', {
      schema: {
        tags,
        summary: 'My latest notifications and how many are unread',
        response: responses({ 200: notificationListSchema }),
      },
      handler: async (request) => ok(200, 'OK', await alerts.notifications(authOf(request).userId)),
    });

    app.post('/read', {
      schema: {
        tags,
        summary: 'Mark all my notifications read',
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await alerts.markRead(authOf(request).userId);
        return ok(200, 'Notifications read', null);
      },
    });
  },
};
