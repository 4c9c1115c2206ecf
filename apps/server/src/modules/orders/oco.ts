import type { Side } from '@exchange/engine';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { Command } from '../../core/sequencer.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { notional, type Pair } from '../../core/trading/pairs.js';
import { runEngineAndStops } from '../../core/trading/execution.js';
import { stopValueTicks } from '../../core/trading/order-caps.js';
import { earlierOrder } from './client-ids.js';
import { answerOf, openOrder } from './open-order.js';
import { checkPlacing, checkStop, limitNeed, minValueError } from './placing-checks.js';

export interface PlaceOcoInput {
  userId: string;
  pair: Pair;
  side: Side;
  lots: number;
  /** The limit order's price. */
  priceTicks: number;
  /** The stop-limit order's stop price and limit price. */
  stopTicks: number;
  stopLimitTicks: number;
  /** The client's id, given to the limit order. */
  clientOrderId?: string | null;
  /** The limit order rests only, never takes (Binance's LIMIT_MAKER leg). */
  postOnly?: boolean;
}

/**
 * Places an OCO pair: a limit order and a stop-limit order on the same side and volume, which
 * name each other. A sell takes profit above and stops a loss below (limit price above the stop
 * price); a buy the other way round. The pair holds once, for the larger need of its two orders
 * (as Binance does): the limit order holds its own need, the stop the rest. A fill of the limit
 * order cancels the stop; the stop's trigger cancels the limit order, its hold passing to the
 * stop. The limit order may match at once.
 */
export const placeOco =
  (input: PlaceOcoInput): Command<[OrderRecord, OrderRecord]> =>
  (state, work) => {
    const { pair, side, userId, lots, priceTicks, stopTicks, stopLimitTicks } = input;
    const clientOrderId = input.clientOrderId ?? null;
    // An OCO's retry is refused (an OCO is one call, and its pair is looked up by its id).
    const shape = {
      symbol: pair.symbol,
      side,
      type: 'limit',
      priceTicks,
      stopTicks: null,
      lots,
      oco: true,
    } as const;
    earlierOrder(state, userId, clientOrderId, shape, work.now, 'refuse');
    checkPlacing(state, pair, userId, { orders: 2, stops: 1 });
    if (side === 'sell' ? priceTicks <= stopTicks : priceTicks >= stopTicks)
      throw new AppError(
        'BAD_REQUEST',
        side === 'sell' ? said('ocoSellPrices') : said('ocoBuyPrices'),
      );
    checkStop(state, pair, side, stopTicks);
    for (const ticks of [priceTicks, stopValueTicks(stopLimitTicks, stopTicks)])
      if (notional(pair, ticks, lots) < pair.minNotional) throw minValueError(pair);
    const limitHeld = limitNeed(pair, side, priceTicks, lots);
    const stopNeed = limitNeed(pair, side, stopLimitTicks, lots);
    const id = state.trading.nextOrderId;
    const common = { userId, pair, side, type: 'limit', lots } as const;
    const limit = openOrder(state, work, {
      ...common,
      priceTicks,
      held: limitHeld,
      clientOrderId,
      ocoId: id + 1,
      postOnly: input.postOnly ?? false,
    });
    const stop = openOrder(state, work, {
      ...common,
      priceTicks: stopLimitTicks,
      held: stopNeed > limitHeld ? stopNeed - limitHeld : 0n,
      clientOrderId: null,
      stopTicks,
      ocoId: id,
    });
    runEngineAndStops(state, work, pair, {
      type: 'limit',
      symbol: pair.symbol,
      orderId: limit.id,
      account: state.trading.accountOf(userId),
      side,
      price: priceTicks,
      quantity: lots,
      tif: input.postOnly ? 'POST_ONLY' : 'GTC',
    });
    return [answerOf(limit), answerOf(stop)];
  };
