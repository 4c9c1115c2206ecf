import { randomUUID } from 'node:crypto';
import {
  MAX_PRICE_ALERTS,
  PRICE_ALERT_MESSAGES as M,
  type NotificationList,
  type PriceAlert,
  type PriceAlertFired,
  type PriceAlertRequest,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { formatAmount, parseAmount } from '../../core/money.js';
import type { TradeTick } from '../../core/trading/market-events.js';
import type { Pair } from '../../core/trading/pairs.js';
import { AppError } from '../../lib/app-error.js';
import { priceAlertMail, priceAlertText } from '../../mail/price-alert.js';
import type { MarketData } from '../market/market-data.js';
import { findUserById } from '../users/service.js';
import { AlertIndex, type ActiveAlert } from './alert-index.js';
import { toAlertDto, toNotificationDto } from './dto.js';
import {
  activeAlertCount,
  activeAlerts,
  alertsOf,
  deleteAlert,
  insertAlert,
  markAllRead,
  markFired,
  notificationsOf,
  type PriceAlertRow,
} from './repository.js';
import { keyedTurns } from '../../lib/keyed-turns.js';

const activeOf = (row: PriceAlertRow): ActiveAlert => ({
  id: row.id,
  userId: row.user_id,
  pairId: row.pair_id,
  direction: row.direction,
  price: BigInt(row.price),
});

/**
 * Price alerts: the waiting ones in memory by pair (`AlertIndex`), loaded at start and told the
 * core's durable trades by the market data, so nothing polls. A crossing takes the alert out of
 * memory, then marks it fired and stores its notification in one transaction (`markFired`) before
 * the bell, the browser and the mail hear of it: a restart neither fires it again nor loses it
 * (alerts still waiting at start are checked against the last price).
 */
export class PriceAlerts {
  private readonly index = new AlertIndex();
  private readonly inTurn = keyedTurns();

  constructor(
    private readonly ctx: AppContext,
    private readonly market: MarketData,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Loads the waiting alerts, fires those the price crossed while down, then listens. */
  async start(): Promise<void> {
    const rows = await activeAlerts(this.ctx.db);
    await Promise.all(rows.map((row) => this.watch(activeOf(row))));
    this.market.onTrades((ticks) => this.trades(ticks));
  }

  async list(userId: string): Promise<PriceAlert[]> {
    const rows = await alertsOf(this.ctx.db, userId);
    return rows.flatMap((row) => {
      const pair = this.pairById(row.pair_id);
      return pair ? [toAlertDto(row, pair.symbol)] : [];
    });
  }

  /**
   * A new alert: a listed market with a last price, a price on the far side of it (an alert that
   * would fire at once is refused), at most MAX_PRICE_ALERTS waiting per user.
   */
  async create(userId: string, body: PriceAlertRequest): Promise<PriceAlert> {
    const pair = this.ctx.core.state.trading.findPair(body.symbol.toUpperCase());
    if (!pair)
      throw new AppError('BAD_REQUEST', M.unknownSymbol, { errors: { symbol: M.unknownSymbol } });
    const price = parseAmount(body.price);
    if (price === null || price <= 0n)
      throw new AppError('BAD_REQUEST', M.pricePositive, { errors: { price: M.pricePositive } });
    const last = this.market.lastPrice(pair);
    if (last === null) throw new AppError('BAD_REQUEST', M.noPrice);
    if (body.direction === 'above' ? last >= price : last <= price) {
      const message = body.direction === 'above' ? M.alreadyAbove : M.alreadyBelow;
      throw new AppError('BAD_REQUEST', message, { errors: { price: message } });
    }
    const row: PriceAlertRow = {
      id: randomUUID(),
      user_id: userId,
      pair_id: pair.id,
      direction: body.direction,
      price: price.toString(),
      created_at: this.ctx.now(),
      fired_at: null,
      fired_price: null,
    };
    // Counted and stored in turn per user, so two sent at once cannot both pass the limit.
    await this.inTurn(userId, async () => {
      if ((await activeAlertCount(this.ctx.db, userId)) >= MAX_PRICE_ALERTS)
        throw new AppError('BAD_REQUEST', M.tooMany);
      await insertAlert(this.ctx.db, row);
    });
    // Trades between the check above and now: the last price tells.
    await this.watch(activeOf(row));
    return toAlertDto(row, pair.symbol);
  }

  async remove(userId: string, id: string): Promise<void> {
    const deleted = await deleteAlert(this.ctx.db, userId, id);
    if (!deleted) throw new AppError('NOT_FOUND', M.notFound);
    this.index.remove(id);
  }

  async notifications(userId: string): Promise<NotificationList> {
    const { items, unread } = await notificationsOf(this.ctx.db, userId);
    return { unread, items: items.map(toNotificationDto) };
  }

  async markRead(userId: string): Promise<void> {
    await markAllRead(this.ctx.db, userId, this.ctx.now());
  }

  /** Adds an alert to the index, firing it at once if the last price has crossed it. */
  private async watch(alert: ActiveAlert): Promise<void> {
    this.index.add(alert);
    const pair = this.pairById(alert.pairId);
    const last = pair && this.market.lastPrice(pair);
    if (pair && last != null) await Promise.all(this.fireCrossed(pair, [last]));
  }

  private trades(ticks: TradeTick[]): void {
    if (this.index.size === 0) return;
    const byPair = new Map<Pair, bigint[]>();
    for (const t of ticks) byPair.set(t.pair, [...(byPair.get(t.pair) ?? []), t.price]);
    for (const [pair, prices] of byPair) void this.fireCrossed(pair, prices);
  }

  /** Fires the pair's alerts that `prices` (in trade order) crossed, each at the first crossing. */
  private fireCrossed(pair: Pair, prices: bigint[]): Promise<void>[] {
    let low = prices[0] as bigint;
    let high = low;
    for (const p of prices) {
      if (p < low) low = p;
      if (p > high) high = p;
    }
    return this.index.crossed(pair.id, low, high).map((alert) => {
      const crossing =
        prices.find((p) => (alert.direction === 'above' ? p >= alert.price : p <= alert.price)) ??
        high;
      return this.fire(pair, alert, crossing);
    });
  }

  private async fire(pair: Pair, alert: ActiveAlert, traded: bigint): Promise<void> {
    const { ctx } = this;
    const quote = pair.quote.shortName;
    const values: PriceAlertFired = {
      symbol: `${pair.base.shortName}/${quote}`,
      quote,
      direction: alert.direction,
      price: formatAmount(alert.price),
      traded: formatAmount(traded),
    };
    // The English wording stays beside the values, for a client that does not word them.
    const text = priceAlertText(values);
    try {
      const row = await markFired(ctx.db, alert.id, ctx.now(), traded.toString(), (a) => ({
        id: randomUUID(),
        user_id: a.user_id,
        kind: 'price_alert',
        title: text.title,
        body: text.body,
        params: values,
        link: `/${pair.symbol}`,
        created_at: ctx.now(),
        read_at: null,
      }));
      if (!row) return;
      this.market.notify(alert.userId, toNotificationDto(row));
      ctx.sendMail(async () => {
        const user = await findUserById(ctx.db, alert.userId);
        if (!user) return null;
        // In the owner's language and grouping, as their other mails (walk-4 W4-3).
        return priceAlertMail(
          user.email,
          values,
          user.language ?? 'en',
          user.numberGrouping ?? 'indian',
        );
      });
    } catch (err) {
      // Not marked: it waits again, and the next crossing fires it.
      this.log.error({ err, alert: alert.id }, 'price alert not fired');
      this.index.add(alert);
    }
  }

  private pairById(id: string): Pair | undefined {
    return this.ctx.core.state.trading.pairsById.get(id);
  }
}
