import {
  adminMarketsSchema,
  adminPairSchema,
  adminTokenSchema,
  newPairSchema,
  newTokenSchema,
  NETWORKS,
  pairFeesSchema,
  withdrawalFeeSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { said } from '../../lib/messages.js';
import { adminActorOf } from '../../lib/request-auth.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import {
  addPair,
  addToken,
  changePairFees,
  changePairStatus,
  changeWithdrawalFee,
  markets,
} from './service.js';

const symbolParams = z.object({ symbol: z.string().min(1).max(40) });

/**
 * Tokens and pairs for admins, under /admin/markets. Every change is a single-writer command and
 * takes effect at once, without a restart.
 */
export const adminMarketRoutes: RouteGroup = {
  prefix: '/admin/markets',
  access: 'admin',
  routes: async (app) => {
    const { ctx } = app;

    app.get('', {
      schema: {
        summary: 'Every listed token and pair',
        response: responses({ 200: adminMarketsSchema }),
      },
      handler: async () => ok(200, 'OK', markets(ctx)),
    });

    app.post('/tokens', {
      schema: {
        summary: 'List a token: name, short name, decimals, contract per network',
        body: newTokenSchema,
        response: responses({ 201: adminTokenSchema }),
      },
      handler: async (request, reply) => {
        const token = await addToken(ctx, adminActorOf(request), request.body);
        return reply.code(201).send(ok(201, said('listed', token.short_name), token));
      },
    });

    app.post('/pairs', {
      schema: {
        summary: 'List a USDT pair: tick, lot, minimum order value, fees',
        body: newPairSchema,
        response: responses({ 201: adminPairSchema }),
      },
      handler: async (request, reply) => {
        const pair = await addPair(ctx, adminActorOf(request), request.body);
        return reply.code(201).send(ok(201, said('listed', pair.symbol), pair));
      },
    });

    const STATUS_CHANGES = [
      {
        path: '/pairs/:symbol/halt',
        summary: 'Halt a pair: open orders stay, new orders are refused',
        status: 'halted',
        message: 'tradingHaltedOn',
      },
      {
        path: '/pairs/:symbol/resume',
        summary: 'Resume trading on a halted pair',
        status: 'trading',
        message: 'tradingResumedOn',
      },
    ] as const;
    for (const { path, summary, status, message } of STATUS_CHANGES)
      app.post(path, {
        schema: {
          summary,
          params: symbolParams,
          response: responses({ 200: adminPairSchema }),
        },
        handler: async (request) => {
          const admin = adminActorOf(request);
          const pair = await changePairStatus(ctx, admin, request.params.symbol, status);
          return ok(200, said(message, pair.symbol), pair);
        },
      });

    app.patch('/pairs/:symbol/fees', {
      schema: {
        summary: "Change a pair's maker and taker fees",
        params: symbolParams,
        body: pairFeesSchema,
        response: responses({ 200: adminPairSchema }),
      },
      handler: async (request) => {
        const admin = adminActorOf(request);
        const pair = await changePairFees(ctx, admin, request.params.symbol, request.body);
        return ok(200, said('feesChangedOn', pair.symbol), pair);
      },
    });

    app.put('/tokens/:id/networks/:network/withdrawal-fee', {
      schema: {
        summary:
          "Set a coin's withdrawal fee and minimum on one network: users see them before they withdraw, and the fee is kept from the amount when it is paid out",
        params: z.object({ id: z.string().min(1).max(64), network: z.enum(NETWORKS) }),
        body: withdrawalFeeSchema,
        response: responses({ 200: adminTokenSchema }),
      },
      handler: async (request) => {
        const { id, network } = request.params;
        const admin = adminActorOf(request);
        const token = await changeWithdrawalFee(ctx, admin, { tokenId: id, network }, request.body);
        return ok(200, said('withdrawalFeeSet', token.short_name, network), token);
      },
    });
  },
};
