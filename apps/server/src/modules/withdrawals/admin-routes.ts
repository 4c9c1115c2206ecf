import {
  adminWithdrawalSchema,
  pageQuerySchema,
  payoutSchema,
  reviewRejectSchema,
  WITHDRAWAL_STATUSES,
  withdrawalRecordSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { approveWithdrawal, rejectWithdrawal } from './commands.js';
import { toWithdrawalDto } from './dto.js';
import { withdrawalQueue } from './service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Withdrawals to pay out or refuse, under /admin/withdrawals. Every decision is recorded. */
export const adminWithdrawalRoutes: RouteGroup = {
  prefix: '/admin/withdrawals',
  access: 'admin',
  routes: async (app) => {
    const { sequencer, tokens } = app.ctx.core;

    app.get('', {
      schema: {
        tags,
        security,
        summary: 'Withdrawals by status',
        querystring: pageQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() }),
        response: pagedResponses(z.array(adminWithdrawalSchema)),
      },
      handler: async (request) => {
        const { page, page_size, status } = request.query;
        const query = { page, pageSize: page_size };
        const { data, total } = await withdrawalQueue(app.ctx, query, status);
        return okPage(data, total);
      },
    });

    app.post('/:id/approve', {
      schema: {
        tags,
        security,
        summary: 'Mark a withdrawal paid, with the hash of the payout transaction',
        params: recordIdParams,
        body: payoutSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) => {
        const record = await sequencer.submit(
          approveWithdrawal({
            admin: adminActorOf(request),
            id: request.params.id,
            txHash: request.body.tx_hash.toLowerCase(),
          }),
        );
        return ok(200, 'Withdrawal approved', toWithdrawalDto(record, tokens.get(record.tokenId)));
      },
    });

    app.post('/:id/reject', {
      schema: {
        tags,
        security,
        summary: 'Refuse a withdrawal: the held amount returns to the funding wallet',
        params: recordIdParams,
        body: reviewRejectSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) => {
        const record = await sequencer.submit(
          rejectWithdrawal({
            admin: adminActorOf(request),
            id: request.params.id,
            reason: request.body.reason,
          }),
        );
        return ok(200, 'Withdrawal rejected', toWithdrawalDto(record, tokens.get(record.tokenId)));
      },
    });
  },
};
