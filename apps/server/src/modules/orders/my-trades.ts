import { istDateTime, MY_TRADE_COLUMNS, type MyTradeDto } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { Page } from '../../db/paginate.js';
import { toCsv } from '../../lib/csv.js';
import { userTradePage, userTrades, type UserTrade } from './repository.js';

/** A fill as the Trade History shows it; fee (GST included) and TDS in the coin the side received. */
export function toMyTradeDto(pair: Pair, t: UserTrade): MyTradeDto {
  return {
    trade_id: String(t.tradeId),
    order_id: String(t.orderId),
    symbol: pair.symbol,
    side: t.isBuyer ? 'buy' : 'sell',
    price: formatAmount(t.price),
    amount: formatAmount(t.quantity),
    total: formatAmount(t.quoteQuantity),
    fee: formatAmount(t.fee),
    gst: formatAmount(t.gst),
    tds: formatAmount(t.tds),
    fee_token: (t.isBuyer ? pair.base : pair.quote).shortName,
    role: t.isMaker ? 'maker' : 'taker',
    time: t.time.toISOString(),
  };
}

/** The pairs by id, and the one `symbol` names (an unknown symbol is refused: 404). */
function pairsFor(ctx: AppContext, symbol: string | undefined) {
  const { trading } = ctx.core.state;
  const only = symbol === undefined ? undefined : trading.pairOf(symbol.toUpperCase());
  const pairOf = (t: UserTrade) => {
    const pair = trading.pairsById.get(t.pairId);
    if (!pair) throw new Error(`trade ${t.tradeId} on an unknown pair ${t.pairId}`);
    return pair;
  };
  return { pairId: only?.id, pairOf };
}

/** A page of the user's fills, newest first, on every pair or the one `symbol` names. */
export async function listMyTrades(ctx: AppContext, userId: string, page: Page, symbol?: string) {
  const { pairId, pairOf } = pairsFor(ctx, symbol);
  const { trades, total } = await userTradePage(ctx.db, userId, page, pairId);
  return { data: trades.map((t) => toMyTradeDto(pairOf(t), t)), total };
}

/** Every fill of the user (or on one pair) as CSV, newest first, times in IST. */
export async function myTradesCsv(ctx: AppContext, userId: string, symbol?: string) {
  const { pairId, pairOf } = pairsFor(ctx, symbol);
  const trades = await userTrades(ctx.db, userId, pairId);
  return toCsv(
    MY_TRADE_COLUMNS,
    trades.map((t) => {
      const d = toMyTradeDto(pairOf(t), t);
      return [
        istDateTime(t.time),
        d.symbol,
        d.side,
        d.price,
        d.amount,
        d.total,
        d.fee,
        d.gst,
        d.tds,
        d.fee_token,
        d.role,
        d.trade_id,
        d.order_id,
      ];
    }),
  );
}
