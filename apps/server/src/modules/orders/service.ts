import type { PlaceOcoRequest, PlaceOrderRequest } from '@exchange/contracts';
import type { Side, TimeInForce } from '@exchange/engine';
import type { AppContext } from '../../context.js';
import { cancelChunk, cancelClientOrder, cancelOrder } from './cancelling.js';
import {
  placeOrder,
  placeOrderWithFills,
  type OrderPrice,
  type PlaceOrderInput,
  type TakerFill,
} from './commands.js';
import { placeOco } from './oco.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { requireVerifiedIdentity } from '../users/identity-gate.js';
import { toOrderDto } from './dto.js';
import { checkedLots, checkedTicks, quoteBudget } from './order-filters.js';
import { userOrderPage } from './repository.js';

/** A command handed to the writer: `done` settles once it is durable (or refused). */
export interface Submitted<T> {
  done: Promise<T>;
}

/** Checks the order against its pair's tick and lot sizes, then hands it to the writer. */
export async function submitOrder(
  ctx: AppContext,
  userId: string,
  body: PlaceOrderRequest,
): Promise<OrderRecord> {
  return (await startOrder(ctx, userId, body)).done;
}

/**
 * `submitOrder` in two steps: the promise settles once the order is checked and handed to the
 * writer, so a caller that must keep its orders in sequence (a socket) starts the next one then,
 * without waiting for this one to commit.
 */
export function startOrder(
  ctx: AppContext,
  userId: string,
  body: PlaceOrderRequest,
): Promise<Submitted<OrderRecord>> {
  return startOrderOf(ctx, userId, {
    symbol: body.symbol,
    side: body.trade_type,
    type: body.order_type === 'market' ? 'market' : 'limit',
    volume: String(body.volume),
    ...(body.price !== undefined && { price: String(body.price) }),
    ...(body.order_type === 'stop_limit' &&
      body.stop_price !== undefined && { stopPrice: String(body.stop_price) }),
    clientOrderId: body.client_order_id ?? null,
  });
}

/**
 * An order as every API states it (the JSON API, order entry, the Binance-compatible API): one
 * path to the writer whatever the shape it arrived in.
 */
export interface OrderSpec {
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  /** Base volume; a market buy may instead give `quoteVolume`, the quote it spends at most. */
  volume?: string;
  quoteVolume?: string;
  price?: string;
  /** A limit order with a stop price is a stop-limit order: it rests until the stop is crossed. */
  stopPrice?: string;
  timeInForce?: TimeInForce;
  clientOrderId?: string | null;
  /** A retry under a held client order id: answered with the earlier order, or refused. */
  retries?: 'answer' | 'refuse';
}

/** Checks an order against its pair's tick and lot sizes, then hands it to the writer. */
export async function startOrderOf(
  ctx: AppContext,
  userId: string,
  spec: OrderSpec,
): Promise<Submitted<OrderRecord>> {
  const input = await checkedOrder(ctx, userId, spec);
  return { done: ctx.core.sequencer.submit(placeOrder(input)) };
}

/** `startOrderOf`, answering also the fills the order made at once. */
export async function startOrderWithFills(
  ctx: AppContext,
  userId: string,
  spec: OrderSpec,
): Promise<Submitted<{ order: OrderRecord; fills: TakerFill[] }>> {
  const input = await checkedOrder(ctx, userId, spec);
  return { done: ctx.core.sequencer.submit(placeOrderWithFills(input)) };
}

/** The identity gate, then the order in the engine's steps, or a clear refusal. */
async function checkedOrder(
  ctx: AppContext,
  userId: string,
  spec: OrderSpec,
): Promise<PlaceOrderInput> {
  await requireVerifiedIdentity(ctx, userId);
  const pair = ctx.core.state.trading.pairOf(spec.symbol);
  const byQuote = spec.type === 'market' && spec.quoteVolume !== undefined;
  const lots = byQuote ? 0 : checkedLots(pair, spec.volume);
  let price: OrderPrice = { type: 'market' };
  if (byQuote)
    price = { type: 'market', quoteBudget: quoteBudget(pair, spec.side, spec.quoteVolume) };
  if (spec.type === 'limit') {
    price = {
      type: 'limit',
      priceTicks: checkedTicks(pair, spec.price, 'Price'),
      timeInForce: spec.timeInForce ?? 'GTC',
      ...(spec.stopPrice !== undefined && {
        stopTicks: checkedTicks(pair, spec.stopPrice, 'Stop price'),
      }),
    };
  }
  const { clientOrderId, retries } = spec;
  return { userId, pair, side: spec.side, ...price, lots, clientOrderId, retries };
}

/**
 * Checks an OCO's prices and volume against the pair, then hands it to the writer. `postOnly`:
 * its limit order rests only, never takes (Binance's LIMIT_MAKER leg); the pair is refused whole.
 */
export async function submitOco(
  ctx: AppContext,
  userId: string,
  body: PlaceOcoRequest,
  postOnly = false,
): Promise<[OrderRecord, OrderRecord]> {
  await requireVerifiedIdentity(ctx, userId);
  const pair = ctx.core.state.trading.pairOf(body.symbol);
  return ctx.core.sequencer.submit(
    placeOco({
      userId,
      pair,
      side: body.trade_type,
      lots: checkedLots(pair, String(body.volume)),
      priceTicks: checkedTicks(pair, String(body.price), 'Price'),
      stopTicks: checkedTicks(pair, String(body.stop_price), 'Stop price'),
      stopLimitTicks: checkedTicks(pair, String(body.stop_limit_price), 'Stop-limit price'),
      clientOrderId: body.client_order_id ?? null,
      postOnly,
    }),
  );
}

export function cancelUserOrder(
  ctx: AppContext,
  userId: string,
  orderId: string,
): Promise<OrderRecord> {
  const id = Number(orderId);
  if (!/^\d+$/.test(orderId) || !Number.isSafeInteger(id) || id <= 0)
    return Promise.reject(new AppError('NOT_FOUND', said('orderNotFound')));
  return ctx.core.sequencer.submit(cancelOrder({ userId, orderId: id }));
}

/** Cancels the user's open order that carries this client order id. */
export function cancelByClientId(
  ctx: AppContext,
  userId: string,
  clientOrderId: string,
): Promise<OrderRecord> {
  return ctx.core.sequencer.submit(cancelClientOrder({ userId, clientOrderId }));
}

/**
 * Cancels every open order of the user (on one pair, or all), in chunks of CANCELS_PER_COMMAND
 * (review N4-H3): the first is handed to the writer at once, each next one once the one before
 * is durable, behind whatever else waits, so the writer never runs one long cancel. An order that
 * fills meanwhile is simply not among those cancelled. Answers what was cancelled.
 */
export function cancelAllOrders(
  ctx: AppContext,
  userId: string,
  symbol?: string,
): Promise<OrderRecord[]> {
  return startCancelAll(ctx, userId, symbol).done;
}

/** `cancelAllOrders`, its first chunk handed to the writer at once; throws for an unknown pair. */
export function startCancelAll(
  ctx: AppContext,
  userId: string,
  symbol?: string,
): Submitted<OrderRecord[]> {
  const { sequencer, state } = ctx.core;
  const pair = symbol === undefined ? null : state.trading.pairOf(symbol);
  const first = sequencer.submit(cancelChunk({ userId, pair }));
  const done = (async () => {
    const cancelled: OrderRecord[] = [];
    let chunk = await first;
    cancelled.push(...chunk.cancelled);
    while (chunk.rest.length > 0) {
      chunk = await sequencer.submit(cancelChunk({ userId, pair, ids: chunk.rest }));
      cancelled.push(...chunk.cancelled);
    }
    return cancelled;
  })();
  return { done };
}

/** The user's orders as the API shows them, newest first: open, or closed (filled and cancelled). */
export async function listUserOrders(
  ctx: AppContext,
  userId: string,
  page: Page,
  list?: 'open' | 'closed',
) {
  const pairs = ctx.core.state.trading.pairsById;
  const { orders, total } = await userOrderPage(ctx.db, userId, page, (id) => pairs.get(id), list);
  return { data: orders.map(toOrderDto), total };
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export {
  fillsOfOrders,
  ordersByIds,
  userOrderOf,
  userPairOrders,
  userPairTrades,
  userTrades,
  userTradesSince,
  type UserTrade,
} from './repository.js';
export { lastPriceAt } from './price-at.js';
