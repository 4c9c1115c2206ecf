import { EventBuffer, type Command as EngineCommand, type Side } from '@exchange/engine';
import type { CoreState } from '../core-state.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { isUntriggered, type OrderRecord } from './order-record.js';
import type { Pair } from './pairs.js';
import { applyEngineEvents, releaseExcess } from './settlement.js';
import type { Undo } from './stop-book.js';

const events = new EventBuffer();

/**
 * The most stops that enter the book in one command (review N4-H3). A trade that crosses more
 * leaves the rest due, in trigger order: the sequencer queues a follow-up command
 * (`continueStops`) behind whatever else is waiting, which triggers as many again, and so on.
 * With the stop book's O(log S) per stop, one command's stop work is bounded by this whatever
 * rests; each trigger is one limit order, matched as any other.
 */
export const TRIGGERS_PER_COMMAND = 64;

/** The unit of work's journal, as the stop book takes it. */
export const undoOf =
  (work: UnitOfWork): Undo =>
  (fn) =>
    work.onUndo(fn);

/**
 * Runs one engine command and settles its events. Then the rules of stop-limit and OCO orders:
 * an OCO order that traded, or that self-trade prevention cancelled, cancels its untriggered
 * other half (as Binance ends the whole list; the stop alone would hold only its share), and the
 * pair's last trade price becomes what its stops are judged against.
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
  const partnerOf = (id: number) => {
    const ocoId = trading.openOrders.get(id)?.ocoId;
    if (ocoId != null) partners.push(ocoId);
  };
  for (const e of list) {
    if (e.type === 'trade') {
      last = e.price;
      partnerOf(e.makerOrderId);
      partnerOf(e.takerOrderId);
    } else if (e.type === 'done' && e.reason === 'self-trade') partnerOf(e.orderId);
  }
  applyEngineEvents(state, work, pair, list, state.market);
  if (last !== null) {
    work.setEntry(trading.lastTicks, pair.symbol, last);
    // What this price crosses is due from now on, even if a later trade moves back first.
    trading.stops.get(pair.symbol)?.cross(last, undoOf(work));
  }
  for (const id of partners) {
    const partner = trading.openOrders.get(id);
    if (partner && isUntriggered(partner)) cancelUntriggered(state, work, partner, 'oco');
  }
}

/** Whether a stop is crossed by this last trade price: a sell stop at or below, a buy at or above. */
export const stopCrossed = (side: Side, stopTicks: number, lastTicks: number): boolean =>
  side === 'sell' ? lastTicks <= stopTicks : lastTicks >= stopTicks;

/**
 * `runEngine`, then the pair's stops its trades crossed enter the book, one at a time, in the
 * order they were crossed (each crossing's stops by price, then time), up to
 * `TRIGGERS_PER_COMMAND`; the trades of each may cross more, which queue behind them. A cascade
 * ends: each stop triggers at most once.
 */
export function runEngineAndStops(
  state: CoreState,
  work: UnitOfWork,
  pair: Pair,
  command: EngineCommand,
): void {
  runEngine(state, work, pair, command);
  triggerStops(state, work, pair, TRIGGERS_PER_COMMAND);
}

/** Triggers up to `budget` of the pair's due stops, in order; answers how many it did. */
export function triggerStops(
  state: CoreState,
  work: UnitOfWork,
  pair: Pair,
  budget: number,
): number {
  const stops = state.trading.stops.get(pair.symbol);
  let n = 0;
  while (stops && n < budget) {
    const next = stops.takeDue(undoOf(work));
    if (!next) break;
    trigger(state, work, next);
    n++;
  }
  return n;
}

/**
 * The follow-up command: up to `TRIGGERS_PER_COMMAND` due stops, pair after pair (a halted pair's
 * wait until it trades again). Answers how many entered the book.
 */
export function continueStops(state: CoreState, work: UnitOfWork): number {
  let n = 0;
  for (const [symbol, stops] of state.trading.stops) {
    if (n >= TRIGGERS_PER_COMMAND) break;
    const pair = state.trading.pairsBySymbol.get(symbol);
    if (!pair || pair.status !== 'trading' || stops.dueCount === 0) continue;
    n += triggerStops(state, work, pair, TRIGGERS_PER_COMMAND - n);
  }
  return n;
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
  state.trading.stops.get(o.pair.symbol)?.remove(o, undoOf(work));
  releaseExcess(state, work, o);
  work.saveOrder(o);
  const market = state.market;
  if (market) work.afterCommit(() => market.ordersChanged(o.userId, [String(o.id)]));
}
