import type { Side } from '@exchange/engine';
import type { CoreState } from '../../core/core-state.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import { heldToken, type OrderRecord } from '../../core/trading/order-record.js';
import type { Pair } from '../../core/trading/pairs.js';
import { undoOf } from '../../core/trading/execution.js';
import { claimClientOrderId } from './client-ids.js';

export interface NewOrder {
  userId: string;
  pair: Pair;
  side: Side;
  type: 'limit' | 'market';
  priceTicks: number | null;
  lots: number;
  held: bigint;
  clientOrderId: string | null;
  stopTicks?: number | null;
  ocoId?: number | null;
  postOnly?: boolean;
  /** A market buy's quote budget (Binance's `origQuoteOrderQty`), in ledger units. */
  quoteBudget?: bigint | null;
}

/**
 * Records a new open order with the next id and holds what it needs: quote (buy) or base (sell)
 * moves from available to locked in the spot wallet.
 */
export function openOrder(state: CoreState, work: UnitOfWork, o: NewOrder): OrderRecord {
  const { pair } = o;
  const stopTicks = o.stopTicks ?? null;
  const order: OrderRecord = {
    id: state.trading.nextOrderId,
    userId: o.userId,
    pair,
    side: o.side,
    type: o.type,
    price: o.priceTicks === null ? null : BigInt(o.priceTicks) * pair.tickUnits,
    priceTicks: o.priceTicks,
    volume: BigInt(o.lots) * pair.lotUnits,
    lots: o.lots,
    filled: 0n,
    filledLots: 0,
    quoteFilled: 0n,
    fee: 0n,
    tds: 0n,
    held: o.held,
    status: 'open',
    cancelReason: null,
    clientOrderId: o.clientOrderId,
    stopPrice: stopTicks === null ? null : BigInt(stopTicks) * pair.tickUnits,
    stopTicks,
    triggeredAt: null,
    ocoId: o.ocoId ?? null,
    postOnly: o.postOnly ?? false,
    quoteBudget: o.quoteBudget ?? null,
    createdAt: work.now,
    updatedAt: work.now,
  };
  if (o.held > 0n) {
    const wallet = state.accounts.user(o.userId, heldToken(order).id, 'spot');
    work.post('order_hold', String(order.id), [
      { account: wallet, bucket: 'available', amount: -o.held },
      { account: wallet, bucket: 'locked', amount: o.held },
    ]);
  }
  state.trading.nextOrderId++;
  work.onUndo(() => (state.trading.nextOrderId = order.id));
  work.setEntry(state.trading.openOrders, order.id, order);
  if (o.clientOrderId) claimClientOrderId(state, work, order, o.clientOrderId);
  work.createOrder(order);
  if (stopTicks !== null) {
    state.trading.stopsOf(pair.symbol).add(order, undoOf(work));
    const market = state.market;
    if (market) work.afterCommit(() => market.ordersChanged(order.userId, [String(order.id)]));
  }
  return order;
}

/**
 * The order as this command left it: commands that run before its batch commits (a taker
 * filling it) change the record, and the answer must say what the commit made durable.
 */
export const answerOf = (order: OrderRecord): OrderRecord => ({ ...order });
