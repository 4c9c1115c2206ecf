import type { BatchItem, PlaceOrderRequest } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { refusedItem } from '../../lib/app-error.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { toOrderDto } from './dto.js';
import { cancelByClientId, cancelUserOrder, startOrder } from './service.js';

export const PLACED = 'Order placed successfully';
export const CANCELLED = 'Order cancelled successfully';

/**
 * Batch calls: every item is submitted in order, so they share the writer's batches, and each is
 * answered on its own (a refusal of one refuses nothing else), in the order given.
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

/**
 * Each order is checked and handed to the writer before the next is started: the checks may ask
 * the database (the user's identity verification, until it is cached), and orders that raced
 * through them would reach the writer out of order (a client order id repeated in the batch
 * went to whichever came first). They still share the writer's batches.
 */
export async function placeBatch(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: string,
  orders: PlaceOrderRequest[],
): Promise<BatchItem[]> {
  const calls: Promise<OrderRecord>[] = [];
  for (const order of orders) {
    const started = startOrder(ctx, userId, order);
    const call = started.then((s) => s.done);
    // Answered below with the others; until then a refusal must not count as unhandled.
    call.catch(() => {});
    calls.push(call);
    await started.catch(() => {});
  }
  return answerEach(log, calls, PLACED);
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
