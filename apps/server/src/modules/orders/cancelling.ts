import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { CoreState } from '../../core/core-state.js';
import type { Command } from '../../core/sequencer.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import type { Pair } from '../../core/trading/pairs.js';
import { cancelOpenOrder } from '../../core/trading/execution.js';
import { answerOf } from './open-order.js';

export interface CancelOrderInput {
  userId: string;
  orderId: number;
}

/**
 * Cancels the user's own open order, in the book or an untriggered stop, and with it the other
 * order of its OCO pair; what they still hold returns to the spot wallet.
 */
export const cancelOrder =
  ({ userId, orderId }: CancelOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const order = state.trading.openOrders.get(orderId);
    if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', said('orderNotFound'));
    cancelOpenOrder(state, work, order, 'user');
    const partner = order.ocoId === null ? undefined : state.trading.openOrders.get(order.ocoId);
    if (partner) cancelOpenOrder(state, work, partner, 'user');
    return answerOf(order);
  };

export interface CancelClientOrderInput {
  userId: string;
  clientOrderId: string;
}

/** Cancels the user's open order that carries this client order id. */
export const cancelClientOrder =
  ({ userId, clientOrderId }: CancelClientOrderInput): Command<OrderRecord> =>
  (state, work) => {
    const order = state.trading.openByClientId(userId, clientOrderId);
    if (!order) throw new AppError('NOT_FOUND', said('orderNotFound'));
    return cancelOrder({ userId, orderId: order.id })(state, work);
  };

/** Orders one cancel-all command cancels at most (review N4-H3); the rest in later commands. */
export const CANCELS_PER_COMMAND = 64;

export interface CancelChunkInput {
  userId: string;
  /** Only this pair's orders; all the user's when absent. */
  pair?: Pair | null;
  /** The orders still to cancel, from the chunk before; the first chunk takes the user's own. */
  ids?: number[];
}

/**
 * One chunk of a cancel-all: up to CANCELS_PER_COMMAND of the user's open orders (the first
 * chunk lists them, oldest first: at most the caps' worth per pair). Orders that closed since
 * are skipped; an OCO's other half goes with it. Answers what it cancelled and what is left,
 * which the caller hands to the writer as the next chunk, behind whatever else waits.
 */
export const cancelChunk =
  ({
    userId,
    pair = null,
    ids,
  }: CancelChunkInput): Command<{ cancelled: OrderRecord[]; rest: number[] }> =>
  (state, work) => {
    const { openOrders } = state.trading;
    const todo = ids ?? openOrders.ofUser(userId, pair?.symbol).map((o) => o.id);
    const cancelled: OrderRecord[] = [];
    let i = 0;
    for (; i < todo.length && cancelled.length < CANCELS_PER_COMMAND; i++) {
      const order = openOrders.get(todo[i] as number);
      if (!order || order.userId !== userId) continue;
      cancelOpenOrder(state, work, order, 'user');
      const partner = order.ocoId === null ? undefined : openOrders.get(order.ocoId);
      if (partner) cancelOpenOrder(state, work, partner, 'user');
      cancelled.push(answerOf(order));
    }
    return { cancelled, rest: todo.slice(i) };
  };

/**
 * Cancels every open order of a user (an account being locked); what they hold returns to the
 * spot wallet. Returns how many there were: at most the caps' worth per pair.
 */
export function cancelUserOrders(state: CoreState, work: UnitOfWork, userId: string): number {
  const open = state.trading.openOrders.ofUser(userId);
  for (const order of open)
    if (order.status === 'open') cancelOpenOrder(state, work, order, 'user');
  return open.length;
}
