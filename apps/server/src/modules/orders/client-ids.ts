import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import type { CoreState } from '../../core/core-state.js';
import type { UnitOfWork } from '../../core/unit-of-work.js';
import {
  clientIdUse,
  idsToForget,
  shapeOf,
  type OrderShape,
} from '../../core/trading/client-order-ids.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { clientKey } from '../../core/trading/trading-state.js';

/** New entries between two sweeps of the remembered client ids (a sweep reads them all). */
const SWEEP_EVERY = 10_000;

/**
 * What a retry under a client id the user used before is: the earlier order, for a retry
 * (`client-order-ids.ts`); a refusal for another order under a held id, or for any order under
 * it when the caller refuses retries (`retries: 'refuse'`: Binance's -2010); undefined when the
 * order is new.
 */
export function earlierOrder(
  state: CoreState,
  userId: string,
  clientOrderId: string | null,
  asked: OrderShape,
  now: Date,
  retries: 'answer' | 'refuse' = 'answer',
): OrderRecord | undefined {
  if (!clientOrderId) return undefined;
  const earlier = state.trading.clientOrders.get(clientKey(userId, clientOrderId));
  const use = clientIdUse(earlier && { ...earlier, shape: shapeOf(earlier) }, asked, now);
  if (use === 'new') return undefined;
  if (use === 'taken' || retries === 'refuse')
    throw new AppError('CONFLICT', said('clientOrderIdUsed', clientOrderId));
  return earlier;
}

/**
 * Records the order under its client id; every `SWEEP_EVERY` new entries, forgets the ids no
 * order holds any more (`idsToForget`).
 */
export function claimClientOrderId(
  state: CoreState,
  work: UnitOfWork,
  order: OrderRecord,
  clientOrderId: string,
): void {
  const { trading } = state;
  const remembered = trading.clientOrders;
  if (remembered.size > trading.clientIdsSweepAt) {
    for (const key of idsToForget(remembered, work.now)) work.deleteEntry(remembered, key);
    trading.clientIdsSweepAt = remembered.size + SWEEP_EVERY;
  }
  work.setEntry(remembered, clientKey(order.userId, clientOrderId), order);
}
