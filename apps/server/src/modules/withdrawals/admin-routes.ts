import {
  adminWithdrawalQuerySchema,
  adminWithdrawalSchema,
  payoutSchema,
  moneyRejectSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import {
  approveWithdrawalAsAdmin,
  rejectWithdrawalAsAdmin,
  withdrawalQueue,
} from './admin-service.js';

/**
 * Withdrawals to pay out or refuse, under /admin/withdrawals. Four-eyes rules: nobody decides
 * their own withdrawal, and one worth more than WITHDRAWAL_SECOND_APPROVAL_USDT needs two
 * different admins. Every decision is recorded.
 */
export const adminWithdrawalRoutes: RouteGroup = {
  prefix: '/admin/withdrawals',
  access: 'admin',
  routes: async (app, { market }) => {
    const evidenceOf = (symbol: string) => market.evidence(symbol);

    app.get('', {
      schema: {
        summary: 'Withdrawals by status, searched by email, transaction hash or payout address',
        querystring: adminWithdrawalQuerySchema,
        response: pagedResponses(z.array(adminWithdrawalSchema)),
      },
      handler: async (request) => {
        const { page, page_size, status, search } = request.query;
        const query = { page, pageSize: page_size };
        const { data, total } = await withdrawalQueue(
          app.ctx,
          { adminId: adminActorOf(request).adminId, evidenceOf },
          query,
          {
            status,
            search,
          },
        );
        return okPage(data, total);
      },
    });

    app.post('/:id/approve', {
      schema: {
        summary:
          "Approve a withdrawal; the last approval needed pays it: from the hot wallet where the network has one, else with the hash of the payout made elsewhere. With the admin's authenticator app on, its code is required; with passkeys only, a passkey's answer",
        params: recordIdParams,
        body: payoutSchema,
        response: responses({ 200: adminWithdrawalSchema }),
      },
      handler: async (request) => {
        const { message, record } = await approveWithdrawalAsAdmin(
          app.ctx,
          evidenceOf,
          request.log,
          {
            admin: adminActorOf(request),
            id: request.params.id,
            txHash: request.body.tx_hash,
            proof: request.body,
          },
        );
        return ok(200, message, record);
      },
    });

    app.post('/:id/reject', {
      schema: {
        summary: 'Refuse a withdrawal: the held amount returns to the funding wallet',
        params: recordIdParams,
        body: moneyRejectSchema,
        response: responses({ 200: adminWithdrawalSchema }),
      },
      handler: async (request) => {
        const record = await rejectWithdrawalAsAdmin(
          app.ctx,
          evidenceOf,
          adminActorOf(request),
          request.params.id,
          request.body,
        );
        return ok(200, 'Withdrawal rejected', record);
      },
    });
  },
};
