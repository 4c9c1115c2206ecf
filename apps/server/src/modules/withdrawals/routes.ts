import { API_KEY_SECURITY } from '../../lib/api-key-docs.js';
import {
  pageQuerySchema,
  WITHDRAWAL_STATUSES,
  withdrawalRecordSchema,
  withdrawLimitsSchema,
  withdrawRequestSchema,
  WITHDRAWAL_CONTROL_MESSAGES as C,
  type WithdrawalRecordDto,
} from '@exchange/contracts';
import { z } from 'zod';
import { originOf } from '../../lib/request-origin.js';
import { authOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, recordIdParams, responses } from '../../lib/route-schema.js';
import { answerOnce, checkIdempotencyKey, IDEMPOTENCY_DOC } from '../idempotency/service.js';
import type { RouteGroup } from '../route-group.js';
import { cancelOwnWithdrawal, withdraw, withdrawalHistory, withdrawLimits } from './service.js';

const tags = ['withdrawals'];
const security = [{ bearer: [] }];
/** Also callable with a signed API key of the route's scope. */
const keyed = [...security, API_KEY_SECURITY];

/** A user's withdrawal requests and their history, under /wallets/withdraw. */
export const withdrawalRoutes: RouteGroup = {
  prefix: '/wallets/withdraw',
  access: 'user',
  routes: async (app, { market }) => {
    const evidenceOf = (symbol: string) => market.evidence(symbol);

    app.post('', {
      schema: {
        tags,
        security: keyed,
        summary:
          "Request a withdrawal: the amount (the network's fee included) is held until an admin approves or rejects it, or the owner cancels it. A user without a second factor asking for an address they never withdrew to gets `awaiting_email_confirmation`: the mail's link (30 minutes, once) sends it to review; unconfirmed, it is cancelled",
        description: IDEMPOTENCY_DOC,
        body: withdrawRequestSchema,
        response: responses({ 200: withdrawalRecordSchema.extend({ message: z.string() }) }),
      },
      config: { apiKeyScope: 'withdraw' },
      preHandler: checkIdempotencyKey(app.ctx),
      handler: async (request, reply) => {
        const { userId, apiKeyId } = authOf(request);
        const signedByKey = apiKeyId !== null;
        return answerOnce(
          app.ctx,
          request,
          reply,
          (record: WithdrawalRecordDto) => {
            // A withdrawal to a new address without a second factor waits for the mail (W4-4).
            const message =
              record.status === 'awaiting_email_confirmation'
                ? C.awaitingEmail
                : 'Withdrawal request submitted';
            return { status: 200, body: ok(200, message, { ...record, message }) };
          },
          (idempotency) =>
            withdraw(
              app.ctx,
              evidenceOf,
              userId,
              request.body,
              originOf(request),
              signedByKey,
              idempotency,
            ),
        );
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

    app.get('/limits', {
      schema: {
        tags,
        security: keyed,
        summary:
          'The daily withdrawal limit of your identity level in USDT, and what the last 24 hours left of it',
        response: responses({ 200: withdrawLimitsSchema }),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) =>
        ok(200, 'OK', await withdrawLimits(app.ctx, authOf(request).userId)),
    });

    app.post('/:id/cancel', {
      schema: {
        tags,
        security,
        summary: 'Cancel your pending withdrawal before an admin acts on it: the hold returns',
        params: recordIdParams,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        const record = await cancelOwnWithdrawal(
          app.ctx,
          userId,
          request.params.id,
          originOf(request),
        );
        return ok(200, C.cancelled, record);
      },
    });
  },
};
