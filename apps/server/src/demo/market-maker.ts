import type { Side } from '@exchange/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { userAccountId } from '../core/ledger/balances.js';
import {
  MARKET_BUY_HEADROOM_PERCENT,
  type OrderDto,
  type OrderEntryAnswer,
} from '@exchange/contracts';
import { formatAmount } from '../core/money.js';
import type { OrderRecord } from '../core/trading/order-record.js';
import { notional, type Pair } from '../core/trading/pairs.js';
import { MAX_QUANTITY_LOTS } from '../core/trading/trading-state.js';
import type { Token } from '../core/tokens.js';
import { BOT_FUNDS_USD, BOT_QUOTE_USD } from './accounts.js';
import {
  DEMO_MIN_NOTIONAL,
  INR_COIN,
  QUOTE_COIN,
  demoCoinBySymbol,
  type DemoCoin,
} from './catalog.js';
import { depositFunds, randomTxHash, usdUnits } from './funding.js';
import { ladder, planQuotes, type RestingQuote } from './quotes.js';
import type { OrderEntryClient } from './order-entry-client.js';
import { Random } from './random.js';

/** Price levels quoted a side: a couple above the 12 promised, so fills never thin it below. */
export const LADDER_LEVELS = 15;
/** Grid step and half-spread, as a fraction of the reference price. */
const STEP = 0.0003;
/** One-minute volatility of bitcoin's walk; other coins scale it. */
const MINUTE_VOLATILITY = 0.001;
/** Pull back towards the reference price per minute (a half-life of about 12 hours). */
const REVERSION = 0.001;
/** Chance that a visit trades although the mid stayed inside the spread. */
const IDLE_TRADE_CHANCE = 0.35;
/** Chance that a visit renews the size of one resting level, so the book breathes. */
const REFRESH_CHANCE = 0.3;
const TICK_MS = 100;
const STATS_MS = 300_000;

export interface MarketMakerOptions {
  makerId: string;
  takerId: string;
  /** Orders placed or cancelled per second, the taker's included. */
  ordersPerSecond: number;
  /** Each bot's WebSocket order-entry connection, signed in with its own API key. */
  maker: OrderEntryClient;
  taker: OrderEntryClient;
}

/** One demo pair as the market maker works it; prices in ticks. */
interface Quoter {
  pair: Pair;
  coin: DemoCoin;
  tick: number;
  step: number;
  reference: number;
  mid: number;
  movedAt: number;
  orders: Set<number>;
}

/**
 * Keeps a ladder of limit orders on both sides of every demo pair around a mid that follows a
 * mean-reverting random walk, and has a second account trade against the books now and then,
 * so prices move through real trades. Both bots trade as outside programs do: every order and
 * cancel goes over WebSocket order entry (`/api/v1/ws/trade` on the server's own port) signed with the
 * bot's API key, through the same checks, holds, fees and writer as anyone's. (What they read,
 * the best prices, their balances and which of their orders still rest, they take from the
 * process's memory, where an outside program would follow the feed and its order updates.)
 * Pairs are visited in turn within a budget of orders per second; a visit's calls are sent at
 * once and so share the writer's batches.
 */
export class MarketMaker {
  private readonly quoters: Quoter[] = [];
  private readonly random = new Random(Date.now());
  private next = 0;
  private budget = 0;
  private budgetAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly stats = { placed: 0, cancelled: 0, trades: 0, topUps: 0, since: Date.now() };

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly options: MarketMakerOptions,
  ) {}

  /** Starts each pair at its last trade price, adopts resting orders, and quotes every pair once. */
  async start(lastPrices: Map<string, bigint>): Promise<void> {
    const { trading } = this.ctx.core.state;
    for (const pair of trading.pairsBySymbol.values()) {
      const coin = demoCoinBySymbol.get(pair.symbol);
      const quotes = [QUOTE_COIN.shortName, INR_COIN.shortName];
      if (!coin || !quotes.includes(pair.quote.shortName)) continue;
      const tick = Number(coin.tickSize);
      const reference = coin.price / tick;
      const last = lastPrices.get(pair.id);
      const orders = new Set<number>();
      for (const o of trading.openOrders.values())
        if (o.userId === this.options.makerId && o.pair === pair) orders.add(o.id);
      this.quoters.push({
        pair,
        coin,
        tick,
        step: Math.max(1, Math.round(reference * STEP)),
        reference,
        mid: last === undefined ? reference : Number(last / pair.tickUnits),
        movedAt: Date.now(),
        orders,
      });
    }
    // The first round is not throttled: every book is full as soon as the server listens. A pair
    // at a time: every pair's ladder at once would pass the connection's ORDER_ENTRY_MAX_IN_FLIGHT.
    for (const q of this.quoters) await this.requote(q, false);
    this.budgetAt = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
    this.log.info(
      {
        pairs: this.quoters.length,
        levels: LADDER_LEVELS,
        ordersPerSecond: this.options.ordersPerSecond,
      },
      'demo market maker started',
    );
  }

  /** Stops the loop and waits for the visit under way. Resting orders stay on the books. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.options.maker.close();
    this.options.taker.close();
  }

  private tick(): void {
    if (this.running || this.stopped || this.quoters.length === 0) return;
    const now = performance.now();
    const rate = this.options.ordersPerSecond;
    this.budget = Math.min(this.budget + ((now - this.budgetAt) / 1000) * rate, Math.max(rate, 1));
    this.budgetAt = now;
    if (this.budget < 1) return;
    this.running = this.spend().finally(() => {
      this.running = null;
    });
  }

  /**
   * Visits pairs in turn while the budget lasts; never throws. A halted pair is passed over: its
   * orders stay on the book as they are, as a market maker's would, rather than being cancelled
   * and refused again on every visit.
   */
  private async spend(): Promise<void> {
    while (this.budget >= 1 && !this.stopped) {
      const q = this.quoters[this.next++ % this.quoters.length] as Quoter;
      if (q.pair.status !== 'trading') {
        if (this.quoters.every((other) => other.pair.status !== 'trading')) break;
        continue;
      }
      try {
        this.budget -= await this.visit(q);
      } catch (err) {
        this.log.error({ err, symbol: q.pair.symbol }, 'demo market maker visit failed');
        this.budget -= 1;
      }
    }
    if (Date.now() - this.stats.since >= STATS_MS) this.reportStats();
  }

  /** Moves the mid, maybe trades, requotes; answers the orders it sent. */
  private async visit(q: Quoter): Promise<number> {
    this.walk(q);
    await this.topUp(q);
    const traded = await this.trade(q);
    return traded + (await this.requote(q, true));
  }

  private walk(q: Quoter): void {
    const now = Date.now();
    const minutes = Math.min(5, (now - q.movedAt) / 60_000);
    q.movedAt = now;
    const sigma = MINUTE_VOLATILITY * q.coin.volatility * Math.sqrt(minutes);
    const pull = REVERSION * minutes * Math.log(q.mid / q.reference);
    const mid = q.mid * Math.exp(sigma * this.random.normal() - pull);
    q.mid = Math.min(Math.max(mid, q.reference / 2), q.reference * 2);
  }

  /**
   * The taker lifts an ask the mid has moved past (or hits such a bid), and now and then trades
   * anyway; it leans towards keeping the market maker's holding of the coin near its start.
   */
  private async trade(q: Quoter): Promise<number> {
    const { engine } = this.ctx.core.state.trading;
    const bid = engine.bestBid(q.pair.symbol)?.[0];
    const ask = engine.bestAsk(q.pair.symbol)?.[0];
    let side: Side | null = null;
    if (ask !== undefined && q.mid >= ask) side = 'buy';
    else if (bid !== undefined && q.mid <= bid) side = 'sell';
    else if (this.random.chance(IDLE_TRADE_CHANCE)) side = this.random.chance(0.5) ? 'buy' : 'sell';
    if (side === null) return 0;
    const held = this.holding(this.options.makerId, q.pair.base.id);
    const start = usdUnits(BOT_FUNDS_USD.marketMaker * perUsd(q), q.coin.price, q.coin.lotSize);
    if (held < start / 2n) side = 'sell';
    else if (held > (start * 3n) / 2n) side = 'buy';
    const price = side === 'buy' ? ask : bid;
    if (price === undefined) return 0;
    const lots = this.lotsFor(q, price, q.coin.levelUsd * this.random.between(0.05, 0.5));
    const need =
      side === 'buy'
        ? (notional(q.pair, price, lots) * BigInt(MARKET_BUY_HEADROOM_PERCENT)) / 100n
        : BigInt(lots) * q.pair.lotUnits;
    const token = side === 'buy' ? q.pair.quote.id : q.pair.base.id;
    if (this.available(this.options.takerId, token) < need) return 0;
    const body = {
      symbol: q.pair.symbol,
      order_type: 'market',
      trade_type: side,
      volume: volumeOf(q.pair, lots),
    } as const;
    const [result] = await this.settle([this.options.taker.place(body)]);
    if (result && result.filled_volume !== '0') this.stats.trades++;
    return 1;
  }

  /** Cancels what is off the ladder, places what is missing; answers the orders sent. */
  private async requote(q: Quoter, refresh: boolean): Promise<number> {
    const { openOrders } = this.ctx.core.state.trading;
    const resting: RestingQuote[] = [];
    for (const id of q.orders) {
      const o = openOrders.get(id);
      if (o && o.priceTicks !== null) resting.push({ id, side: o.side, priceTicks: o.priceTicks });
      else q.orders.delete(id);
    }
    const target = ladder(q.mid, q.step, LADDER_LEVELS);
    const plan = planQuotes(resting, target);
    const kept = resting.filter((r) => !plan.cancel.includes(r.id));
    if (refresh && kept.length > 0 && this.random.chance(REFRESH_CHANCE)) {
      const renewed = kept[Math.floor(this.random.next() * kept.length)] as RestingQuote;
      const prices = renewed.side === 'buy' ? target.bids : target.asks;
      plan.cancel.push(renewed.id);
      const level = prices.indexOf(renewed.priceTicks);
      plan.place.push({ side: renewed.side, priceTicks: renewed.priceTicks, level });
    }
    const maker = this.options.makerId;
    const funds = {
      buy: this.available(maker, q.pair.quote.id),
      sell: this.available(maker, q.pair.base.id),
    };
    for (const id of plan.cancel) {
      const o = openOrders.get(id) as OrderRecord;
      funds[o.side] += o.held;
    }
    const calls = plan.cancel.map((orderId) =>
      this.options.maker.cancel({ order_id: String(orderId) }),
    );
    for (const p of plan.place) {
      const usd = q.coin.levelUsd * this.random.between(0.5, 1.5) * (1 + 0.15 * p.level);
      const lots = this.lotsFor(q, p.priceTicks, usd);
      const hold =
        p.side === 'buy' ? notional(q.pair, p.priceTicks, lots) : BigInt(lots) * q.pair.lotUnits;
      if (hold > funds[p.side]) continue;
      funds[p.side] -= hold;
      calls.push(
        this.options.maker.place({
          symbol: q.pair.symbol,
          order_type: 'limit',
          trade_type: p.side,
          price: formatAmount(BigInt(p.priceTicks) * q.pair.tickUnits),
          volume: volumeOf(q.pair, lots),
        }),
      );
    }
    const results = await this.settle(calls);
    results.forEach((order, i) => {
      if (!order) return;
      if (i < plan.cancel.length) this.stats.cancelled++;
      else this.stats.placed++;
      if (order.status === 'open') q.orders.add(Number(order._id));
    });
    return calls.length;
  }

  /** Waits for every call's acknowledgement; refusals are logged, not thrown. */
  private async settle(
    calls: Promise<OrderEntryAnswer<OrderDto>>[],
  ): Promise<(OrderDto | undefined)[]> {
    const settled = await Promise.allSettled(calls);
    return settled.map((s) => {
      if (s.status === 'rejected') {
        this.log.warn({ err: s.reason }, 'demo market maker call failed');
        return undefined;
      }
      if (s.value.ok) return s.value.data;
      const level = s.value.status >= 500 ? 'warn' : 'debug';
      this.log[level]({ refusal: s.value }, 'demo market maker order refused');
      return undefined;
    });
  }

  /** Lots worth about `usd` at `priceTicks`, never below the pair's minimum order value. */
  private lotsFor(q: Quoter, priceTicks: number, usd: number): number {
    const lotValue = priceTicks * q.tick * Number(q.coin.lotSize);
    const least = Math.ceil((Number(q.coin.minNotional ?? DEMO_MIN_NOTIONAL) * 1.05) / lotValue);
    return Math.min(MAX_QUANTITY_LOTS, Math.max(least, Math.round(usd / lotValue)));
  }

  /**
   * Deposits more when a bot's spot balance runs low (the taker pays spreads and fees, the maker
   * can be walked out of a coin), as any trader would: a confirmed deposit and a transfer.
   */
  private async topUp(q: Quoter): Promise<void> {
    const price = q.mid * q.tick;
    const needs: [string, 'marketMaker' | 'taker', number][] = [
      [this.options.makerId, 'marketMaker', q.coin.levelUsd * LADDER_LEVELS * 3],
      [this.options.takerId, 'taker', q.coin.levelUsd],
    ];
    for (const [userId, kind, usd] of needs) {
      const { quote, base } = q.pair;
      // Amounts in the quote coin: `usd` (levels) is already, the bots' funds are in dollars.
      const rate = perUsd(q);
      if (this.available(userId, quote.id) < usdUnits(usd, 1, '0.01'))
        await this.deposit(userId, quote, usdUnits(BOT_QUOTE_USD[kind] * rate, 1, '0.01'));
      if (this.available(userId, base.id) < usdUnits(usd, price, q.coin.lotSize))
        await this.deposit(
          userId,
          base,
          usdUnits(BOT_FUNDS_USD[kind] * rate, price, q.coin.lotSize),
        );
    }
  }

  private async deposit(userId: string, token: Token, amount: bigint): Promise<void> {
    await depositFunds(this.ctx, userId, token, amount, 'spot', randomTxHash());
    this.stats.topUps++;
    this.log.info({ userId, token: token.shortName }, 'demo bot topped up by a deposit');
  }

  /** Spot available, read without creating an account outside the writer. */
  private available(userId: string, tokenId: string): bigint {
    return (
      this.ctx.core.state.accounts.find(userAccountId(userId, tokenId, 'spot'))?.available ?? 0n
    );
  }

  private holding(userId: string, tokenId: string): bigint {
    const a = this.ctx.core.state.accounts.find(userAccountId(userId, tokenId, 'spot'));
    return a ? a.available + a.locked : 0n;
  }

  private reportStats(): void {
    const seconds = (Date.now() - this.stats.since) / 1000;
    const { placed, cancelled, trades, topUps } = this.stats;
    this.log.info(
      {
        placed,
        cancelled,
        trades,
        topUps,
        ordersPerSecond: +((placed + cancelled) / seconds).toFixed(1),
      },
      'demo market maker activity',
    );
    Object.assign(this.stats, { placed: 0, cancelled: 0, trades: 0, topUps: 0, since: Date.now() });
  }
}

/** Quote coin units a dollar buys on the pair (1 on USDT pairs). */
const perUsd = (q: Quoter) => q.coin.quotePerUsd ?? 1;

/** A number of lots as the API's decimal volume. */
const volumeOf = (pair: Pair, lots: number) => formatAmount(BigInt(lots) * pair.lotUnits);
