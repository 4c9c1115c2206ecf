import { INR, QUOTE_ASSET, type CoinPnl, type PortfolioPnl } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount, ledgerOne } from '../../core/money.js';
import type { Pair } from '../../core/trading/pairs.js';
import type { MarketData } from '../market/market-data.js';
import { userBalances } from '../wallets/service.js';
import { averageCost, averagePrice, unrealised, type HoldingEvent } from './average-cost.js';
import { lastPriceAt, userTrades } from '../orders/service.js';
import { creditedDepositsOf } from '../deposits/service.js';
import { usdtInrRateHistory } from '../tax/service.js';
import { withdrawalsOutOf } from '../withdrawals/service.js';

/** A coin valued at its {coin}USDT pair, like the wallet overview; USDT and rupees are money. */
const isMoney = (coin: string) => coin === QUOTE_ASSET || coin === INR;
const fmt = (units: bigint) => formatAmount(units);

interface Timed {
  at: Date;
  event: HoldingEvent;
}

/** Rupees in USDT at the reference rate in force at `at` (the newest one set by then). */
function rupeeConverter(rates: { rate: string; created_at: Date }[]) {
  return (inr: bigint, at: Date): bigint | null => {
    let rate: bigint | null = null;
    for (const r of rates) if (r.created_at <= at) rate = BigInt(r.rate);
    return rate ? (inr * ledgerOne) / rate : null;
  };
}

/**
 * Profit and loss by the average-cost method (`average-cost.ts`), in USDT, per coin: the user's
 * fills on USDT and rupee pairs (rupees at the USDT/INR rate of the fill's time), deposits at the
 * coin's USDT price when credited (its last trade by then), withdrawals; the 24 h
 * change values today's holdings at the last price and at the price of 24 h ago.
 */
export async function portfolioPnl(
  ctx: AppContext,
  market: MarketData,
  userId: string,
): Promise<PortfolioPnl> {
  const { trading } = ctx.core.state;
  const usdtPair = (coin: string): Pair | undefined => trading.findPair(`${coin}${QUOTE_ASSET}`);
  const [fills, deposits, withdrawals, rates, balances] = await Promise.all([
    // Oldest first, so fills of one instant keep their trade order through the stable sort below.
    userTrades(ctx.db, userId).then((newestFirst) => newestFirst.reverse()),
    creditedDepositsOf(ctx.db, userId),
    withdrawalsOutOf(ctx.db, userId),
    usdtInrRateHistory(ctx.db),
    userBalances(ctx.db, userId),
  ]);
  const toUsdt = rupeeConverter(rates);
  const events = new Map<string, Timed[]>();
  const add = (coin: string, at: Date, event: HoldingEvent) => {
    if (!isMoney(coin)) events.set(coin, [...(events.get(coin) ?? []), { at, event }]);
  };

  for (const f of fills) {
    const pair = trading.pairsById.get(f.pairId);
    if (!pair) continue;
    const quote = pair.quote.shortName;
    const value = (amount: bigint) =>
      quote === QUOTE_ASSET ? amount : quote === INR ? toUsdt(amount, f.time) : null;
    const paid = f.fee + f.tds;
    if (f.isBuyer) {
      const cost = value(f.quoteQuantity);
      if (cost !== null)
        add(pair.base.shortName, f.time, { kind: 'buy', quantity: f.quantity - paid, cost });
    } else {
      const proceeds = value(f.quoteQuantity - paid);
      if (proceeds !== null)
        add(pair.base.shortName, f.time, { kind: 'sell', quantity: f.quantity, proceeds });
    }
  }
  for (const d of deposits) {
    const coin = ctx.core.tokens.get(d.token_id).shortName;
    const pair = usdtPair(coin);
    const price = pair ? await lastPriceAt(ctx.db, pair.id, d.updated_at) : null;
    const quantity = BigInt(d.amount);
    add(coin, d.updated_at, {
      kind: 'deposit',
      quantity,
      cost: ((price ?? 0n) * quantity) / ledgerOne,
    });
  }
  for (const w of withdrawals) {
    const coin = ctx.core.tokens.get(w.token_id).shortName;
    add(coin, w.updated_at, { kind: 'withdrawal', quantity: BigInt(w.amount) });
  }

  const coins: CoinPnl[] = [];
  let realised = 0n;
  let unrealisedTotal = 0n;
  for (const [coin, timed] of [...events].sort(([a], [b]) => a.localeCompare(b))) {
    timed.sort((a, b) => a.at.getTime() - b.at.getTime());
    const position = averageCost(timed.map((t) => t.event));
    const pair = usdtPair(coin);
    const last = pair ? market.lastPrice(pair) : null;
    const open = last === null ? null : unrealised(position, last);
    realised += position.realised;
    unrealisedTotal += open ?? 0n;
    const average = averagePrice(position);
    coins.push({
      coin,
      quantity: fmt(position.quantity),
      average_cost: average === null ? null : fmt(average),
      cost_basis: fmt(position.cost),
      realised: fmt(position.realised),
      unrealised: open === null ? null : fmt(open),
      last_price: last === null ? null : fmt(last),
    });
  }

  // The 24 h change: what is held now, at the last price and at the price of 24 h ago.
  const held = new Map<string, bigint>();
  for (const b of balances) {
    const coin = ctx.core.tokens.get(b.tokenId).shortName;
    held.set(coin, (held.get(coin) ?? 0n) + b.available + b.locked);
  }
  let value = 0n;
  let before = 0n;
  for (const [coin, amount] of held) {
    if (coin === QUOTE_ASSET) {
      value += amount;
      before += amount;
      continue;
    }
    const pair = usdtPair(coin);
    if (!pair) continue;
    const { last, window } = market.stats(pair);
    if (last === null) continue;
    value += (amount * last) / ledgerOne;
    before += (amount * (window.open ?? last)) / ledgerOne;
  }
  const change = value - before;
  return {
    coins,
    realised: fmt(realised),
    unrealised: fmt(unrealisedTotal),
    value: fmt(value),
    change_24h: fmt(change),
    change_24h_percent: before === 0n ? null : percent(change, before),
  };
}

/** `part` of `whole` in percent, two decimals, rounded toward zero. */
function percent(part: bigint, whole: bigint): string {
  return fmt(((part * 100n * ledgerOne) / whole / 10n ** 16n) * 10n ** 16n);
}
