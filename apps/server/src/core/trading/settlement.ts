import type { DoneEvent, EngineEvent, RejectCode, TradeEvent } from '@exchange/engine';
import { AppError } from '../../lib/app-error.js';
import { said, type Said } from '../../lib/messages.js';
import type { CoreState } from '../core-state.js';
import { ledgerOne } from '../money.js';
import { PAISA } from '../paise.js';
import { gstIncluded } from '../tax/gst.js';
import { deductTds } from '../tax/tds.js';
import type { Token } from '../tokens.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { DepthChange, MarketEvents } from './market-events.js';
import { heldToken, type OrderRecord } from './order-record.js';
import { feeOn, notional, type Pair } from './pairs.js';
import { tradePostings } from './trade-postings.js';

const REJECTION: Partial<Record<RejectCode, string | Said>> = {
  INVALID_PRICE: 'Price is out of range',
  INVALID_QUANTITY: 'Volume is out of range',
  BOOK_HALTED: 'Trading is halted',
  POST_ONLY_WOULD_CROSS: said('postOnlyWouldCross'),
  FOK_NOT_FILLABLE: said('fillOrKillNotFillable'),
  UNKNOWN_ORDER: said('orderNotFound'),
};

/**
 * Turns one command's engine events into money and records: every fill settles both sides, both
 * fees (the GST they include apart) and both sides' TDS in one ledger transaction, every finished order releases what it still holds, and
 * the market data hears of trades and depth once the batch is durable.
 */
export function applyEngineEvents(
  state: CoreState,
  work: UnitOfWork,
  pair: Pair,
  events: readonly EngineEvent[],
  market: MarketEvents | null,
): void {
  const depth: DepthChange[] = [];
  let seq = 0;
  const touched = new Set<OrderRecord>();
  const seen = new Set<OrderRecord>();
  // Each order this command changes is kept as it was, for a rollback.
  const order = (id: number): OrderRecord => {
    const o = state.trading.openOrders.get(id);
    if (!o) throw new Error(`engine event for unknown order ${id}`);
    if (!seen.has(o)) {
      seen.add(o);
      work.preserve(o);
    }
    return o;
  };
  const firstTrade = work.trades.length;
  for (const e of events) {
    if (e.type === 'accepted') touched.add(order(e.orderId));
    else if (e.type === 'trade') settleTrade(state, work, pair, e, order, touched);
    else if (e.type === 'done') finish(state, work, order(e.orderId), e, touched);
    else if (e.type === 'depth') {
      depth.push({
        side: e.side,
        price: BigInt(e.price) * pair.tickUnits,
        quantity: BigInt(e.quantity) * pair.lotUnits,
      });
      seq = e.seq;
    } else if (e.type === 'rejected') {
      // The core checks orders first; should the engine still refuse one, only that command is
      // refused, and the sequencer rolls back its hold.
      // The engine's code rides along, so each API can say it in its own words.
      throw new AppError(
        e.code === 'UNKNOWN_ORDER' ? 'NOT_FOUND' : 'BAD_REQUEST',
        REJECTION[e.code] ?? said('orderRefused', e.code),
        { reason: e.code },
      );
    }
  }
  for (const order of touched) {
    releaseExcess(state, work, order);
    order.updatedAt = work.now;
    work.saveOrder(order);
  }
  if (!market) return;
  const users = new Map<string, string[]>();
  for (const o of touched) {
    const ids = users.get(o.userId);
    if (ids) ids.push(String(o.id));
    else users.set(o.userId, [String(o.id)]);
  }
  const trades = work.trades.slice(firstTrade);
  work.afterCommit(() => {
    if (depth.length > 0) market.depth(pair, depth, seq);
    for (const [userId, ids] of users) market.ordersChanged(userId, ids);
  });
  if (trades.length > 0) work.afterCommit(() => market.trades(trades));
}

function settleTrade(
  state: CoreState,
  work: UnitOfWork,
  pair: Pair,
  e: TradeEvent,
  order: (id: number) => OrderRecord,
  touched: Set<OrderRecord>,
): void {
  const maker = order(e.makerOrderId);
  const taker = order(e.takerOrderId);
  const [buyer, seller] = e.takerSide === 'buy' ? [taker, maker] : [maker, taker];
  const quantity = BigInt(e.quantity) * pair.lotUnits;
  const quote = notional(pair, e.price, e.quantity);
  const price = BigInt(e.price) * pair.tickUnits;
  const buyerFee = feeOn(quantity, buyer === taker ? pair.takerFee : pair.makerFee);
  const sellerFee = feeOn(quote, seller === taker ? pair.takerFee : pair.makerFee, pair.rupeeQuote);
  // The GST each fee includes (core/tax/gst.ts), a rupee fee's in whole paise.
  const gstRate = state.tax.settings.gstRate;
  const buyerGst = gstIncluded(buyerFee, gstRate);
  const sellerGst = gstIncluded(sellerFee, gstRate, pair.rupeeQuote ? PAISA : 1n);
  // TDS (section 194S) on what each side receives after its fee: the buyer in the base coin
  // (valued at the fill's price), the seller in the quote coin (USDT). On an INR pair only the
  // seller of the crypto pays, on the rupees received, as Indian exchanges apply it.
  const inr = pair.rupeeQuote;
  const tax = (o: OrderRecord, token: Token, received: bigint, priceUsdt: bigint, gst: bigint) =>
    deductTds(state.tax, work, {
      pair,
      tradeId: e.tradeId,
      side: o.side,
      userId: o.userId,
      orderId: o.id,
      token,
      received,
      priceUsdt,
      inr,
      exempt: inr && o === buyer,
      gst,
    });
  const buyerTds = tax(buyer, pair.base, quantity - buyerFee, price, buyerGst);
  const sellerTds = tax(seller, pair.quote, quote - sellerFee, ledgerOne, sellerGst);
  const accounts = state.accounts;
  const postings = tradePostings(
    { quantity, quote, buyerFee, sellerFee, buyerTds, sellerTds, buyerGst, sellerGst },
    (party, leg) => {
      const token = pair[leg].id;
      if (party !== 'buyer' && party !== 'seller') return accounts.system(party, token);
      return accounts.user((party === 'buyer' ? buyer : seller).userId, token, 'spot');
    },
  );
  work.settle('trade', `${pair.symbol}:${e.tradeId}`, postings);
  buyer.held -= quote;
  seller.held -= quantity;
  buyer.fee += buyerFee;
  seller.fee += sellerFee;
  buyer.tds += buyerTds;
  seller.tds += sellerTds;
  for (const o of [buyer, seller]) {
    o.filled += quantity;
    o.filledLots += e.quantity;
    o.quoteFilled += quote;
    touched.add(o);
  }
  work.trades.push({
    pair,
    tradeId: e.tradeId,
    price,
    quantity,
    quoteQuantity: quote,
    takerSide: e.takerSide,
    makerOrderId: maker.id,
    takerOrderId: taker.id,
    makerFee: maker === buyer ? buyerFee : sellerFee,
    takerFee: taker === buyer ? buyerFee : sellerFee,
    time: work.now,
  });
}

function finish(
  state: CoreState,
  work: UnitOfWork,
  o: OrderRecord,
  e: DoneEvent,
  touched: Set<OrderRecord>,
): void {
  o.status = e.status;
  o.cancelReason = e.status === 'cancelled' ? e.reason : null;
  work.deleteEntry(state.trading.openOrders, o.id);
  touched.add(o);
}

/**
 * Gives back what an order holds beyond its need: everything once it is finished, and for an open
 * buy the saving of fills below its limit price.
 */
export function releaseExcess(state: CoreState, work: UnitOfWork, o: OrderRecord): void {
  const needed =
    o.status !== 'open'
      ? 0n
      : o.side === 'buy'
        ? notional(o.pair, o.priceTicks ?? 0, o.lots - o.filledLots)
        : o.held;
  const excess = o.held - needed;
  if (excess <= 0n) return;
  const wallet = state.accounts.user(o.userId, heldToken(o).id, 'spot');
  work.settle('order_release', String(o.id), [
    { account: wallet, bucket: 'locked', amount: -excess },
    { account: wallet, bucket: 'available', amount: excess },
  ]);
  o.held = needed;
}
