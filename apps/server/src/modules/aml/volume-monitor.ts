import type { AppContext } from '../../context.js';
import type { TradeTick } from '../../core/trading/market-events.js';
import { ordersByIds } from '../orders/service.js';
import { openCase } from './repository.js';
import { DAY_MS, HOUR_MS } from './rules/hit.js';
import { dailyValues, volumeSpike } from './rules/volume-spike.js';

/** What the monitor needs of the market data: the durable trades, after each batch. */
export interface TradesTold {
  onTrades(listener: (ticks: TradeTick[]) => void): void;
}

/** A user is judged again at most this often: a busy trader's every fill is not a new read. */
const COOLDOWN_MS = HOUR_MS;

/**
 * Runs the volume-spike rule for the users whose orders the told trades filled, each on a later
 * turn (`run`) and at most once an hour per user; fills valued by `valued`.
 */
export function watchVolume(
  ctx: AppContext,
  market: TradesTold,
  run: (job: () => Promise<void>) => void,
  valued: (userId: string, since: Date) => Promise<{ at: Date; value: bigint }[]>,
): void {
  const judgedAt = new Map<string, number>();
  const judge = async (ticks: TradeTick[]) => {
    const ids = ticks.flatMap((t) => [String(t.makerOrderId), String(t.takerOrderId)]);
    const pairs = ctx.core.state.trading.pairsById;
    const orders = await ordersByIds(ctx.db, [...new Set(ids)], (id) => pairs.get(id));
    const settings = ctx.config.aml.rules.volumeSpike;
    const now = ctx.now();
    for (const userId of new Set(orders.map((o) => o.userId))) {
      if (now.getTime() - (judgedAt.get(userId) ?? -Infinity) < COOLDOWN_MS) continue;
      judgedAt.set(userId, now.getTime());
      const since = new Date(now.getTime() - (settings.historyDays + 1) * DAY_MS);
      const { today, history } = dailyValues(
        await valued(userId, since),
        now,
        settings.historyDays,
      );
      const hit = volumeSpike(userId, today, history, settings);
      if (hit) await openCase(ctx.db, hit, userId, now);
    }
  };
  market.onTrades((ticks) => run(() => judge(ticks)));
}
