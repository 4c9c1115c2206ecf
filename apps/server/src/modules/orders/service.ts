import type { PlaceOrderRequest } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { cancelOrder, placeOrder } from '../../core/trading/order-commands.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { priceTicks, quantityLots } from '../../core/trading/pairs.js';
import { MAX_PRICE_TICKS, MAX_QUANTITY_LOTS } from '../../core/trading/trading-state.js';
import { AppError } from '../../lib/app-error.js';
import { requireVerifiedIdentity } from '../users/kyc-gate.js';

const invalid = (message: string) => new AppError(400, 'BAD_REQUEST', message);

/** Checks the order against its pair's tick and lot sizes, then hands it to the writer. */
export async function submitOrder(
  ctx: AppContext,
  userId: string,
  body: PlaceOrderRequest,
): Promise<OrderRecord> {
  await requireVerifiedIdentity(ctx, userId);
  const pair = ctx.core.state.trading.pairsBySymbol.get(body.symbol.toUpperCase());
  if (!pair) throw new AppError(404, 'NOT_FOUND', `Unknown symbol ${body.symbol}`);
  const lots = quantityLots(pair, String(body.volume));
  if (lots === null || lots === 0)
    throw invalid(`Volume must be a positive multiple of ${pair.lotSize} ${pair.base.shortName}`);
  if (lots > MAX_QUANTITY_LOTS) throw invalid('Volume is too large');
  let ticks: number | null = null;
  if (body.order_type === 'limit') {
    ticks = body.price === undefined ? null : priceTicks(pair, String(body.price));
    if (ticks === null || ticks === 0)
      throw invalid(
        `Price must be a positive multiple of ${pair.tickSize} ${pair.quote.shortName}`,
      );
    if (ticks > MAX_PRICE_TICKS) throw invalid('Price is too high');
  }
  return ctx.core.sequencer.submit(
    placeOrder({
      userId,
      pair,
      side: body.trade_type,
      type: body.order_type,
      priceTicks: ticks,
      lots,
    }),
  );
}

export function cancelUserOrder(
  ctx: AppContext,
  userId: string,
  orderId: string,
): Promise<OrderRecord> {
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError(404, 'NOT_FOUND', 'Order not found');
  return ctx.core.sequencer.submit(cancelOrder({ userId, orderId: id }));
}
