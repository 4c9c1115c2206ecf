import type { BatchItem, PlaceOrderRequest } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { refusedItem } from '../../lib/app-error.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { toOrderDto } from './dto.js';
import { cancelByClientId, cancelUserOrder, submitOrder } from './service.js';

export const PLACED = 'Order placed successfully';
export const CANCELLED = 'Order cancelled successfully';

/**
 * Batch calls: every item is submitted at once, in order, so they share the writer's batches,
 * and each is answered on its own (a refusal of one refuses nothing else), in the order given.
 */
async function answerEach(
  log: FastifyBaseLogger,
  calls: Promise<OrderRecord>[],
  message: string,
): Promise<BatchItem[]> {
  const settled = await Promise.allSettled(calls);
  return settled.map((s) => {
    if (s.status === 'fulfilled')
      return { success: true, status: 200, message, data: toOrderDto(s.value) };
    const refused = refusedItem(s.reason);
    if (refused.status >= 500) log.error({ err: s.reason }, 'batch item failed');
    return { success: false, ...refused };
  });
}

export function placeBatch(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: string,
  orders: PlaceOrderRequest[],
): Promise<BatchItem[]> {
  return answerEach(
    log,
    orders.map((o) => submitOrder(ctx, userId, o)),
    PLACED,
  );
}

export function cancelBatch(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: string,
  targets: { order_ids: string[]; client_order_ids: string[] },
): Promise<BatchItem[]> {
  return answerEach(
    log,
    [
      ...targets.order_ids.map((id) => cancelUserOrder(ctx, userId, id)),
      ...targets.client_order_ids.map((id) => cancelByClientId(ctx, userId, id)),
    ],
    CANCELLED,
  );
}
