import {
  adminDepositQuerySchema,
  adminDepositSchema,
  moneyDecisionSchema,
  REVIEW_MESSAGES as M,
  moneyRejectSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { approveDepositAsAdmin, depositQueue, rejectDepositAsAdmin } from './admin-service.js';

/**
 * Deposits waiting for an admin's decision, under /admin/deposits. Four-eyes rules: nobody
 * decides their own deposit, and one worth more than DEPOSIT_SECOND_APPROVAL_USDT needs two
 * different admins. Every decision is recorded.
 */
export const adminDepositRoutes: RouteGroup = {
  prefix: '/admin/deposits',
  access: 'admin',
  routes: async (app, { market, statementLines: lines }) => {
    const evidenceOf = (symbol: string) => market.evidence(symbol);

    app.get('', {
      schema: {
        summary: 'Deposits by status, searched by email, transaction hash or sender',
        querystring: adminDepositQuerySchema,
        response: pagedResponses(z.array(adminDepositSchema)),
      },
      handler: async (request) => {
        const { page, page_size, status, search } = request.query;
        const query = { page, pageSize: page_size };
        const { data, total } = await depositQueue(
          app.ctx,
          { adminId: adminActorOf(request).adminId, evidenceOf, lines },
          query,
          { status, search },
        );
        return okPage(data, total);
      },
    });

    app.post('/:id/confirm', {
      schema: {
        summary:
          "Approve a pending deposit: the last approval needed credits it. With the admin's authenticator app on, its code is required; with passkeys only, a passkey's answer",
        params: recordIdParams,
        body: moneyDecisionSchema,
        response: responses({ 200: adminDepositSchema }),
      },
      handler: async (request) => {
        const admin = adminActorOf(request);
        const { id } = request.params;
        const record = await approveDepositAsAdmin(
          app.ctx,
          evidenceOf,
          admin,
          id,
          request.body,
          lines,
        );
        const message = record.status === 'confirmed' ? M.depositConfirmed : M.approvalRecorded;
        return ok(200, message, record);
      },
    });

    app.post('/:id/reject', {
      schema: {
        summary: 'Refuse a pending deposit, with the reason the user sees',
        params: recordIdParams,
        body: moneyRejectSchema,
        response: responses({ 200: adminDepositSchema }),
      },
      handler: async (request) => {
        const { id } = request.params;
        const record = await rejectDepositAsAdmin(
          app.ctx,
          evidenceOf,
          adminActorOf(request),
          id,
          request.body,
          lines,
        );
        return ok(200, 'Deposit rejected', record);
      },
    });
  },
};
