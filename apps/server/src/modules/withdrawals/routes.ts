import { API_KEY_SECURITY } from '../../lib/api-key-docs.js';
import {
  pageQuerySchema,
  WITHDRAWAL_STATUSES,
  withdrawalRecordSchema,
  withdrawRequestSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { originOf } from '../../lib/request-origin.js';
import { authOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { withdraw, withdrawalHistory } from './service.js';

const tags = ['withdrawals'];
const security = [{ bearer: [] }];
/** Also callable with a signed API key of the route's scope. */
const keyed = [...security, API_KEY_SECURITY];

/** A user's withdrawal requests and their history, under /wallets/withdraw. */
export const withdrawalRoutes: RouteGroup = {
  prefix: '/wallets/withdraw',
  access: 'user',
  routes: async (app) => {
    app.post('', {
      schema: {
        tags,
        security: keyed,
        summary: 'Request a withdrawal: the amount is held until an admin approves or rejects it',
        body: withdrawRequestSchema,
        response: responses({ 200: withdrawalRecordSchema.extend({ message: z.string() }) }),
      },
      config: { apiKeyScope: 'withdraw' },
      handler: async (request) => {
        const message = 'Withdrawal request submitted';
        const { userId, apiKeyId } = authOf(request);
        const signedByKey = apiKeyId !== null;
        const record = await withdraw(
          app.ctx,
          userId,
          request.body,
          originOf(request),
          signedByKey,
        );
        return ok(200, message, { ...record, message });
      },
    });

    app.get('/history', {
      schema: {
        tags,
        security: keyed,
        summary: 'Withdrawals, newest first',
        querystring: pageQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() }),
        response: pagedResponses(z.array(withdrawalRecordSchema)),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) => {
        const { page, page_size, status } = request.query;
        const { data, total } = await withdrawalHistory(
          app.ctx,
          authOf(request).userId,
          { page, pageSize: page_size },
          status,
        );
        return okPage(data, total);
      },
    });
  },
};
