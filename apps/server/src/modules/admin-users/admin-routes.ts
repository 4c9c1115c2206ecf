import {
  accountLockSchema,
  adminUserDetailSchema,
  adminUserOrdersQuerySchema,
  adminUserSchema,
  adminUsersQuerySchema,
  depositRecordSchema,
  ledgerEntrySchema,
  orderSchema,
  pageQuerySchema,
  withdrawalRecordSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import { depositHistory } from '../deposits/service.js';
import { listUserOrders } from '../orders/service.js';
import type { RouteGroup } from '../route-group.js';
import { withdrawalHistory } from '../withdrawals/service.js';
import { findUsers, lockUser, unlockUser, userDetail, userLedger } from './service.js';

const params = z.object({ id: z.uuid({ error: 'User not found' }) });

/** Users for admins, under /admin/users: search, one account's records, lock and unlock. */
export const adminUserRoutes: RouteGroup = {
  prefix: '/admin/users',
  access: 'admin',
  routes: async (app) => {
    const { ctx } = app;

    app.get('', {
      schema: {
        summary:
          'Accounts whose email, name or phone contains q (of one role if given), newest first',
        querystring: adminUsersQuerySchema,
        response: pagedResponses(z.array(adminUserSchema)),
      },
      handler: async (request) => {
        const { q, role, page, page_size: pageSize } = request.query;
        const { data, total } = await findUsers(
          ctx,
          { q: q || undefined, role },
          { page, pageSize },
        );
        return okPage(data, total);
      },
    });

    app.get('/:id', {
      schema: {
        summary: 'An account: profile, verification, lock and balances per wallet',
        params,
        response: responses({ 200: adminUserDetailSchema }),
      },
      handler: async (request) => ok(200, 'OK', await userDetail(ctx, request.params.id)),
    });

    app.get('/:id/orders', {
      schema: {
        summary: "The account's open or closed orders, newest first",
        params,
        querystring: adminUserOrdersQuerySchema,
        response: pagedResponses(z.array(orderSchema)),
      },
      handler: async (request) => {
        const { page, page_size: pageSize, status } = request.query;
        const { data, total } = await listUserOrders(
          ctx,
          request.params.id,
          { page, pageSize },
          status,
        );
        return okPage(data, total);
      },
    });

    /** An account's records, a page at a time, newest first: GET /:id/<records>. */
    const RECORDS = [
      {
        path: '/:id/deposits',
        what: 'deposits',
        record: depositRecordSchema,
        list: depositHistory,
      },
      {
        path: '/:id/withdrawals',
        what: 'withdrawals',
        record: withdrawalRecordSchema,
        list: withdrawalHistory,
      },
      { path: '/:id/ledger', what: 'ledger postings', record: ledgerEntrySchema, list: userLedger },
    ] as const;
    for (const { path, what, record, list } of RECORDS)
      app.get(path, {
        schema: {
          summary: `The account's ${what}, newest first`,
          params,
          querystring: pageQuerySchema,
          response: pagedResponses(z.array(record)),
        },
        handler: async (request) => {
          const { page, page_size: pageSize } = request.query;
          const { data, total } = await list(ctx, request.params.id, { page, pageSize });
          return okPage(data, total);
        },
      });

    const LOCKS = [
      {
        path: '/:id/lock',
        summary:
          'Lock an account: no sign-in, orders, transfers or withdrawals; its sessions end and its open orders are cancelled',
        change: lockUser,
        message: 'Account locked',
      },
      {
        path: '/:id/unlock',
        summary: 'Unlock an account',
        change: unlockUser,
        message: 'Account unlocked',
      },
    ] as const;
    for (const { path, summary, change, message } of LOCKS)
      app.post(path, {
        schema: {
          summary,
          params,
          body: accountLockSchema,
          response: responses({ 200: adminUserDetailSchema }),
        },
        handler: async (request) => {
          const admin = adminActorOf(request);
          return ok(200, message, await change(ctx, admin, request.params.id, request.body.reason));
        },
      });
  },
};
