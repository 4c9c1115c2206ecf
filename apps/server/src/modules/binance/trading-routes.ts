import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderRecord } from '../../core/trading/order-record.js';
import type { Pair } from '../../core/trading/pairs.js';
import {
  cancelAllOrders,
  cancelByClientId,
  cancelUserOrder,
  startOrderWithFills,
  submitOco,
  userOrderOf,
  userPairOrders,
  userPairTrades,
} from '../orders/service.js';
import type { RouteServices } from '../route-group.js';
import { userBalances } from '../wallets/service.js';
import {
  bestLevels,
  toBinanceOrder,
  toCancelledOrder,
  toMyTrade,
  toOrderList,
  toPlacedOrder,
  uidOf,
} from './dto.js';
import {
  CANCEL_REPLACE_MODES,
  cancelReplaceAnswer,
  placesAfter,
  type Half,
} from './cancel-replace.js';
import { BINANCE_ERRORS, toBinanceError } from './errors.js';
import { limitLegWouldTake, readLegacyOco, readOco } from './oco-params.js';
import { orderRef, readOrder } from './order-params.js';
import { pairParam, signedCall, timeParam } from './request.js';
import { rateLimitsOf, type BinanceUsage } from './usage.js';
import { binanceAmount } from './decimals.js';

const hide = { hide: true };

type OrderRef = ReturnType<typeof orderRef>;

/** One half of a cancel-replace run: its answer, or its failure in Binance's words. */
async function half<T>(run: () => Promise<T>, action: 'cancel' | 'other'): Promise<Half<T>> {
  try {
    return { ok: true, answer: await run() };
  } catch (err) {
    return { ok: false, error: toBinanceError(err, action) };
  }
}

/** Counts a new order against the account's ORDERS limits, with Binance's headers; or -1015. */
function countNewOrder(usage: BinanceUsage, userId: string, reply: FastifyReply): void {
  const { tenSeconds, day, refusal } = usage.order(userId, Date.now());
  reply.header('x-mbx-order-count-10s', tenSeconds).header('x-mbx-order-count-1d', day);
  if (!refusal) return;
  reply.header('retry-after', refusal.retryAfterSeconds);
  throw refusal.interval === '10s'
    ? BINANCE_ERRORS.tooManyOrders10s(refusal.limit)
    : BINANCE_ERRORS.tooManyOrdersDay(refusal.limit);
}
const LIST_DEFAULT = 500;
const LIST_MAX = 1000;

/**
 * Binance's `SIGNED` account and order calls (`/api/v3`) over the same order path as /api/v1:
 * the identity gate, holds, matching, fees and TDS are the orders module's. Reads need a key
 * with the `read` scope, placing and cancelling `trade`.
 */
export const binanceTradingRoutes: FastifyPluginAsync<
  RouteServices & { usage: BinanceUsage }
> = async (app, { usage }) => {
  const { ctx } = app;

  app.get('/account', { schema: hide }, async (request) => {
    const { auth, key } = await signedCall(ctx, request, 'read');
    const held = new Map<string, { free: bigint; locked: bigint }>();
    for (const b of await userBalances(ctx.db, auth.userId))
      if (b.walletType === 'spot') held.set(b.tokenId, { free: b.available, locked: b.locked });
    // Fees are per pair here; the account-wide rates shown are the first pair's.
    const fee = [...ctx.core.state.trading.pairsBySymbol.values()][0];
    const rate = (units: bigint | undefined) => binanceAmount(units ?? 0n);
    return {
      uid: uidOf(auth.userId),
      makerCommission: 0,
      takerCommission: 0,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: {
        maker: rate(fee?.makerFee),
        taker: rate(fee?.takerFee),
        buyer: '0.00000000',
        seller: '0.00000000',
      },
      canTrade: true,
      // What this key may do: withdraw only with the permission (capital/withdraw/apply).
      canWithdraw: key.scopes.includes('withdraw'),
      canDeposit: true,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: ctx.now().getTime(),
      accountType: 'SPOT',
      balances: ctx.core.tokens.all().map((token) => {
        const b = held.get(token.id);
        return {
          asset: token.shortName,
          free: binanceAmount(b?.free ?? 0n),
          locked: binanceAmount(b?.locked ?? 0n),
        };
      }),
      permissions: ['SPOT'],
    };
  });

  // The account's rates on a pair: ours are per pair, with no tax or discount of Binance's kind.
  app.get('/account/commission', { schema: hide }, async (request) => {
    const { params } = await signedCall(ctx, request, 'read');
    const pair = pairParam(ctx, params);
    const none = {
      maker: '0.00000000',
      taker: '0.00000000',
      buyer: '0.00000000',
      seller: '0.00000000',
    };
    return {
      symbol: pair.symbol,
      standardCommission: {
        ...none,
        maker: binanceAmount(pair.makerFee),
        taker: binanceAmount(pair.takerFee),
      },
      taxCommission: none,
      discount: {
        enabledForAccount: false,
        enabledForSymbol: false,
        discountAsset: 'BNB',
        discount: '0.00000000',
      },
    };
  });

  app.post('/order', { schema: hide }, async (request, reply) => {
    const { auth, params } = await signedCall(ctx, request, 'trade');
    countNewOrder(usage, auth.userId, reply);
    const order = readOrder(pairParam(ctx, params), params);
    const placed = await (await startOrderWithFills(ctx, auth.userId, order.spec)).done;
    return toPlacedOrder(placed.order, placed.fills, order.terms, order.responseType);
  });

  app.get('/rateLimit/order', { schema: hide }, async (request) => {
    const { auth } = await signedCall(ctx, request, 'read');
    const counts = usage.orderCounts(auth.userId, Date.now());
    const [, tenSeconds, day] = rateLimitsOf(usage.limits);
    return [
      { ...tenSeconds, count: counts.tenSeconds },
      { ...day, count: counts.day },
    ];
  });

  // Binance's dry run: the same checks as a new order, nothing placed.
  app.post('/order/test', { schema: hide }, async (request) => {
    const { params } = await signedCall(ctx, request, 'trade');
    readOrder(pairParam(ctx, params), params);
    return {};
  });

  app.get('/order', { schema: hide, config: { binanceAction: 'query' } }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'read');
    const pair = pairParam(ctx, params);
    const order = await userOrderOf(ctx.db, auth.userId, pair, orderRef(params));
    if (!order) throw BINANCE_ERRORS.queryUnknown();
    return toBinanceOrder(order);
  });

  app.delete('/order', { schema: hide, config: { binanceAction: 'cancel' } }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'trade');
    const order = await cancelNamed(auth.userId, pairParam(ctx, params), orderRef(params));
    return toCancelledOrder(order, params.optional('origClientOrderId'));
  });

  // Cancels an order and places another in one call, as ccxt's editOrder does: the same cancel
  // and order paths as DELETE and POST /order; `cancel-replace.ts` words the outcome.
  app.post('/order/cancelReplace', { schema: hide }, async (request, reply) => {
    const { auth, params } = await signedCall(ctx, request, 'trade');
    const pair = pairParam(ctx, params);
    const mode = params.oneOf('cancelReplaceMode', CANCEL_REPLACE_MODES);
    if (!mode) throw BINANCE_ERRORS.mandatory('cancelReplaceMode');
    const ref = orderRef(params, { id: 'cancelOrderId', clientId: 'cancelOrigClientOrderId' });
    const order = readOrder(pair, params);
    countNewOrder(usage, auth.userId, reply);
    const cancel = await half(
      async () =>
        toCancelledOrder(
          await cancelNamed(auth.userId, pair, ref),
          params.optional('cancelOrigClientOrderId'),
        ),
      'cancel',
    );
    const placed = placesAfter(mode, cancel.ok)
      ? await half(async () => {
          const done = await (await startOrderWithFills(ctx, auth.userId, order.spec)).done;
          return toPlacedOrder(done.order, done.fills, order.terms, order.responseType);
        }, 'other')
      : null;
    return cancelReplaceAnswer(cancel, placed);
  });

  // Binance's OCO as ours (`oco-params.ts`): a limit order and a stop-limit order; the new
  // `orderList/oco` and the deprecated `order/oco`, read by `read`.
  const placeOco = async (request: FastifyRequest, reply: FastifyReply, read: typeof readOco) => {
    const { auth, params } = await signedCall(ctx, request, 'trade');
    const pair = pairParam(ctx, params);
    const oco = read(pair.symbol, params);
    if (limitLegWouldTake(oco, bestLevels(ctx.core.state.trading.engine, pair)))
      throw BINANCE_ERRORS.wouldTake();
    countNewOrder(usage, auth.userId, reply);
    countNewOrder(usage, auth.userId, reply);
    const [limit, stop] = await submitOco(ctx, auth.userId, oco, true);
    const stopTerms = { type: 'STOP_LOSS_LIMIT', timeInForce: 'GTC' } as const;
    return {
      ...toOrderList(limit, stop),
      orderReports: [
        toPlacedOrder(limit, [], { type: 'LIMIT_MAKER', timeInForce: 'GTC' }, 'RESULT'),
        {
          ...toPlacedOrder(stop, [], stopTerms, 'RESULT'),
          stopPrice: binanceAmount(stop.stopPrice ?? 0n),
        },
      ],
    };
  };
  app.post('/orderList/oco', { schema: hide }, (request, reply) =>
    placeOco(request, reply, readOco),
  );
  app.post('/order/oco', { schema: hide }, (request, reply) =>
    placeOco(request, reply, readLegacyOco),
  );

  app.get('/openOrderList', { schema: hide }, async (request) => {
    const { auth } = await signedCall(ctx, request, 'read');
    const { openOrders } = ctx.core.state.trading;
    const lists = [];
    for (const o of openOrders.values()) {
      const partner = o.ocoId === null ? undefined : openOrders.get(o.ocoId);
      // Each OCO once, from its limit order (the one without a stop).
      if (o.userId === auth.userId && partner && o.stopPrice === null)
        lists.push(toOrderList(o, partner));
    }
    return lists;
  });

  app.get('/openOrders', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'read');
    const pairs: Pair[] =
      params.optional('symbol') !== undefined
        ? [pairParam(ctx, params)]
        : pairsWithOpenOrders(auth.userId);
    const lists = await Promise.all(
      pairs.map((pair) =>
        userPairOrders(ctx.db, auth.userId, pair, { openOnly: true, limit: LIST_MAX }),
      ),
    );
    return lists.flat().map(toBinanceOrder);
  });

  app.delete('/openOrders', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'trade');
    const pair = pairParam(ctx, params);
    const orders = await cancelAllOrders(ctx, auth.userId, pair.symbol);
    return orders.map((o) => toCancelledOrder(o, undefined));
  });

  app.get('/allOrders', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'read');
    const pair = pairParam(ctx, params);
    const orders = await userPairOrders(ctx.db, auth.userId, pair, {
      limit: params.limit(LIST_DEFAULT, LIST_MAX),
      fromId: params.integer('orderId'),
      startTime: timeParam(params, 'startTime'),
      endTime: timeParam(params, 'endTime'),
    });
    return orders.map(toBinanceOrder);
  });

  app.get('/myTrades', { schema: hide }, async (request) => {
    const { auth, params } = await signedCall(ctx, request, 'read');
    const pair = pairParam(ctx, params);
    const trades = await userPairTrades(ctx.db, auth.userId, pair, {
      limit: params.limit(LIST_DEFAULT, LIST_MAX),
      fromId: params.integer('fromId'),
      orderId: params.integer('orderId'),
      startTime: timeParam(params, 'startTime'),
      endTime: timeParam(params, 'endTime'),
    });
    return trades.map((t) => toMyTrade(pair, t));
  });

  /** Cancels the user's order `ref` names on `pair`; one of another pair is "unknown", as Binance answers. */
  async function cancelNamed(userId: string, pair: Pair, ref: OrderRef): Promise<OrderRecord> {
    if ('id' in ref) {
      const open = ctx.core.state.trading.openOrders.get(ref.id);
      if (open && open.pair !== pair) throw BINANCE_ERRORS.cancelUnknown();
      return cancelUserOrder(ctx, userId, String(ref.id));
    }
    const open = ctx.core.state.trading.openByClientId(userId, ref.clientOrderId);
    if (!open || open.pair !== pair) throw BINANCE_ERRORS.cancelUnknown();
    return cancelByClientId(ctx, userId, ref.clientOrderId);
  }

  /** The pairs the user has open orders on, as the writer holds them. */
  function pairsWithOpenOrders(userId: string): Pair[] {
    const pairs = new Set<Pair>();
    for (const o of ctx.core.state.trading.openOrders.values())
      if (o.userId === userId) pairs.add(o.pair);
    return [...pairs];
  }
};
