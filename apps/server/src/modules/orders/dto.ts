import type { OrderDto } from '@exchange/contracts';
import { formatAmount, ledgerOne } from '../../core/money.js';
import { isoText } from '../../lib/iso-text.js';
import type { OrderRecord } from '../../core/trading/order-record.js';
import { quoteValue } from '../../core/trading/pairs.js';

/** Average price of what filled, in ledger units; 0 before any fill. */
const averagePrice = (o: OrderRecord) =>
  o.filled === 0n ? 0n : (o.quoteFilled * ledgerOne) / o.filled;

export function toOrderDto(o: OrderRecord): OrderDto {
  const average = averagePrice(o);
  const price = o.price ?? average;
  const amount =
    o.price === null ? o.quoteFilled : quoteValue(o.pair, (o.price * o.volume) / ledgerOne);
  return {
    _id: String(o.id),
    symbol: o.pair.symbol,
    created_at: isoText(o.createdAt),
    updated_at: isoText(o.updatedAt),
    trade_type: o.side,
    order_type: o.stopPrice === null ? o.type : 'stop_limit',
    price: formatAmount(price),
    volume: formatAmount(o.volume),
    amount: formatAmount(amount),
    status: o.status,
    filled_volume: formatAmount(o.filled),
    average_price: formatAmount(average),
    fee: formatAmount(o.fee),
    fee_token: (o.side === 'buy' ? o.pair.base : o.pair.quote).shortName,
    tds: formatAmount(o.tds),
    cancel_reason: o.cancelReason,
    client_order_id: o.clientOrderId,
    stop_price: o.stopPrice === null ? null : formatAmount(o.stopPrice),
    triggered_at: o.triggeredAt?.toISOString() ?? null,
    oco_id: o.ocoId === null ? null : String(o.ocoId),
    post_only: o.postOnly,
    quote_budget: o.quoteBudget === null ? null : formatAmount(o.quoteBudget),
  };
}
