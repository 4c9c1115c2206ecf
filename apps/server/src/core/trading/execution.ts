import { EventBuffer, type Command as EngineCommand, type Side } from '@exchange/engine';
import type { CoreState } from '../core-state.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { isUntriggered, type OrderRecord } from './order-record.js';
import type { Pair } from './pairs.js';
import { applyEngineEvents, releaseExcess } from './settlement.js';

const events = new EventBuffer();

/**
 * Runs one engine command and settles its events. Then the rules of stop-limit and OCO orders:
 * an OCO order that traded cancels its untriggered other half, and the pair's last trade price
 * becomes what its stops are judged against.
 */
export function runEngine(
  state: CoreState,
  work: UnitOfWork,
  pair: Pair,
  command: EngineCommand,
): void {
  const { trading } = state;
  events.clear();
  trading.execute(command, events);
  const list = events.toArray();
  const partners: number[] = [];
  let last: number | null = null;
  for (const e of list) {
    if (e.type !== 'trade') continue;
    last = e.price;
    for (const id of [e.makerOrderId, e.takerOrderId]) {
      const ocoId = trading.openOrders.get(id)?.ocoId;
      if (ocoId != null) partners.push(ocoId);
    }
  }
  applyEngineEvents(state, work, pair, list, state.market);
  if (last !== null) work.setEntry(trading.lastTicks, pair.symbol, last);
  for (const id of partners) {
    const partner = trading.openOrders.get(id);
    if (partner && isUntriggered(partner)) cancelUntriggered(state, work, partner, 'oco');
  }
}

/** Whether a stop is crossed by this last trade price: a sell stop at or below, a buy at or above. */
export const stopCrossed = (side: Side, stopTicks: number, lastTicks: number): boolean =>
  side === 'sell' ? lastTicks <= stopTicks : lastTicks >= stopTicks;

/**
 * `runEngine`, then every stop of the pair its trades crossed enters the book, one at a time,
 * oldest (lowest id) first, each judged by the last trade price as the ones before it left it.
 * A cascade ends: each stop triggers at most once.
 */
export function runEngineAndStops(
  state: CoreState,
  work: UnitOfWork,
  pair: Pair,
  command: EngineCommand,
): void {
  runEngine(state, work, pair, command);
  triggerStops(state, work, pair);
}

/** Triggers the pair's crossed stops, oldest first, until none is crossed. */
export function triggerStops(state: CoreState, work: UnitOfWork, pair: Pair): void {
  const stops = state.trading.stops.get(pair.symbol);
  for (;;) {
    const last = state.trading.lastTicks.get(pair.symbol);
    if (!stops || stops.size === 0 || last === undefined) return;
    let next: OrderRecord | null = null;
    for (const o of stops.values())
      if (
        o.stopTicks !== null &&
        stopCrossed(o.side, o.stopTicks, last) &&
        (next === null || o.id < next.id)
      )
        next = o;
    if (next === null) return;
    trigger(state, work, next);
  }
}

/**
 * A crossed stop enters the book as a limit order. Its OCO other half (a resting limit order,
 * which has not traded, or this stop would have been cancelled) is cancelled in the same command,
 * and the hold they shared passes to this order.
 */
function trigger(state: CoreState, work: UnitOfWork, o: OrderRecord): void {
  const { trading } = state;
  work.preserve(o);
  o.triggeredAt = work.now;
  work.deleteEntry(trading.stopsOf(o.pair.symbol), o.id);
  const partner = o.ocoId === null ? undefined : trading.openOrders.get(o.ocoId);
  if (partner) {
    work.preserve(partner);
    o.held += partner.held;
    partner.held = 0n;
    cancelOpenOrder(state, work, partner, 'oco');
  }
  runEngine(state, work, o.pair, {
    type: 'limit',
    symbol: o.pair.symbol,
    orderId: o.id,
    account: trading.accountOf(o.userId),
    side: o.side,
    price: o.priceTicks ?? 0,
    quantity: o.lots - o.filledLots,
    tif: 'GTC',
  });
}

/**
 * Cancels an open order, in the book or an untriggered stop, with the reason given; what it
 * holds returns to the spot wallet.
 */
export function cancelOpenOrder(
  state: CoreState,
  work: UnitOfWork,
  o: OrderRecord,
  reason: string,
): void {
  if (isUntriggered(o)) {
    cancelUntriggered(state, work, o, reason);
    return;
  }
  runEngine(state, work, o.pair, { type: 'cancel', symbol: o.pair.symbol, orderId: o.id });
  if (reason !== 'user') o.cancelReason = reason;
}

/** An untriggered stop leaves without ever reaching the book. */
function cancelUntriggered(
  state: CoreState,
  work: UnitOfWork,
  o: OrderRecord,
  reason: string,
): void {
  work.preserve(o);
  o.status = 'cancelled';
  o.cancelReason = reason;
  o.updatedAt = work.now;
  work.deleteEntry(state.trading.openOrders, o.id);
  work.deleteEntry(state.trading.stopsOf(o.pair.symbol), o.id);
  releaseExcess(state, work, o);
  work.saveOrder(o);
  const market = state.market;
  if (market) work.afterCommit(() => market.ordersChanged(o.userId, [String(o.id)]));
}
