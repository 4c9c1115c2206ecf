import {
  depositRecordSchema,
  inrDepositClaimSchema,
  inrDepositInstructionsSchema,
  inrWithdrawLimitsSchema,
  inrWithdrawRequestSchema,
  withdrawalRecordSchema,
  type WithdrawalRecordDto,
} from '@exchange/contracts';
import { originOf } from '../../lib/request-origin.js';
import { rupeeWithdrawLimits, withdrawRupees } from './withdraw-service.js';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { answerOnce, checkIdempotencyKey, IDEMPOTENCY_DOC } from '../idempotency/service.js';
import type { RouteGroup } from '../route-group.js';
import { claimRupeeDeposit, depositInstructions } from './deposit-service.js';

const tags = ['rupees'];

/** Rupees in by UPI or bank transfer (and out: withdraw-routes), under /inr. */
export const rupeeRoutes: RouteGroup = {
  prefix: '/inr',
  access: 'user',
  routes: async (app) => {
    app.get('/deposit', {
      schema: {
        tags,
        summary: 'Where to pay rupees in: the collection account, its UPI ID and my reference',
        response: responses({ 200: inrDepositInstructionsSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await depositInstructions(app.ctx, authOf(request).userId)),
    });

    app.post('/deposit', {
      schema: {
        tags,
        summary:
          'Claim a rupee deposit by its 12-digit UTR and amount; credited once the bank statement shows it from my verified account',
        body: inrDepositClaimSchema,
        response: responses({ 201: depositRecordSchema }),
      },
      handler: async (request, reply) => {
        const record = await claimRupeeDeposit(app.ctx, authOf(request).userId, request.body);
        void reply.status(201);
        return ok(201, 'Deposit claimed: it is credited once the bank confirms it', record);
      },
    });

    app.get('/withdraw/limits', {
      schema: {
        tags,
        summary: 'My rupee withdrawal limit for 24 hours, what is left of it, the fee and minimum',
        response: responses({ 200: inrWithdrawLimitsSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await rupeeWithdrawLimits(app.ctx, authOf(request).userId)),
    });

    app.post('/withdraw', {
      schema: {
        tags,
        summary:
          'Withdraw rupees to one of my verified bank accounts: held at once, paid after the admins approve it',
        description: IDEMPOTENCY_DOC,
        body: inrWithdrawRequestSchema,
        response: responses({ 201: withdrawalRecordSchema }),
      },
      preHandler: checkIdempotencyKey(app.ctx),
      handler: async (request, reply) => {
        const { userId } = authOf(request);
        return answerOnce(
          app.ctx,
          request,
          reply,
          (record: WithdrawalRecordDto) => ({
            status: 201,
            body: ok(201, 'Withdrawal requested', record),
          }),
          (idempotency) =>
            withdrawRupees(app.ctx, userId, request.body, originOf(request), idempotency),
        );
      },
    });
  },
};
