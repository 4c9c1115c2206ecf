import {
  adminDepositSchema,
  DEPOSIT_STATUSES,
  depositRecordSchema,
  pageQuerySchema,
  reviewRejectSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { confirmDeposit, rejectDeposit } from './commands.js';
import { toDepositDto } from './dto.js';
import { depositQueue } from './service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Deposits waiting for an admin's decision, under /admin/deposits. Every decision is recorded. */
export const adminDepositRoutes: RouteGroup = {
  prefix: '/admin/deposits',
  access: 'admin',
  routes: async (app) => {
    const { sequencer, tokens } = app.ctx.core;

    app.get('', {
      schema: {
        tags,
        security,
        summary: 'Deposits by status',
        querystring: pageQuerySchema.extend({ status: z.enum(DEPOSIT_STATUSES).optional() }),
        response: pagedResponses(z.array(adminDepositSchema)),
      },
      handler: async (request) => {
        const { page, page_size, status } = request.query;
        const { data, total } = await depositQueue(app.ctx, { page, pageSize: page_size }, status);
        return okPage(data, total);
      },
    });

    app.post('/:id/confirm', {
      schema: {
        tags,
        security,
        summary: 'Credit a pending deposit',
        params: recordIdParams,
        response: responses({ 200: depositRecordSchema }),
      },
      handler: async (request) => {
        const record = await sequencer.submit(
          confirmDeposit({ admin: adminActorOf(request), id: request.params.id }),
        );
        return ok(200, 'Deposit confirmed', toDepositDto(record, tokens.get(record.tokenId)));
      },
    });

    app.post('/:id/reject', {
      schema: {
        tags,
        security,
        summary: 'Refuse a pending deposit',
        params: recordIdParams,
        body: reviewRejectSchema,
        response: responses({ 200: depositRecordSchema }),
      },
      handler: async (request) => {
        const record = await sequencer.submit(
          rejectDeposit({
            admin: adminActorOf(request),
            id: request.params.id,
            reason: request.body.reason,
          }),
        );
        return ok(200, 'Deposit rejected', toDepositDto(record, tokens.get(record.tokenId)));
      },
    });
  },
};
