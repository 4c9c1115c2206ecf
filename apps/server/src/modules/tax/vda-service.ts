import {
  istDateTime,
  taxPeriodBounds,
  taxPeriodOf,
  VDA_COST_METHOD,
  VDA_HEAD,
  type ScheduleVda,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import { AppError } from '../../lib/app-error.js';
import { findUserById } from '../users/service.js';
import { userTrades, type UserTrade } from '../orders/service.js';
import { creditedDepositsOf } from '../deposits/service.js';
import { withdrawalsOutOf } from '../withdrawals/service.js';
import { usdtInrRateHistory } from './repository.js';
import { yearsSince } from './service.js';
import { holdingEvents, type VdaFill, type VdaMovement } from './vda-events.js';
import { matchFifo, type MatchedLine } from './vda-fifo.js';
import { linesIn, summarise } from './vda-summary.js';

/** Paise as rupees to the paisa, signed: "-3000.50". */
export function paiseText(paise: bigint): string {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The IST calendar date of an instant, YYYY-MM-DD. */
export const istDate = (at: Date) => istDateTime(at).slice(0, 10);

/** The rate in force at `at` among `rates` (oldest first); null before the first. */
function rateAt(rates: readonly { rate: string; created_at: Date }[], at: Date): bigint | null {
  let rate: bigint | null = null;
  for (const r of rates) if (r.created_at <= at) rate = BigInt(r.rate);
  return rate;
}

/**
 * The user's fills as the report reads them: coins by name; a fill from before TDS was recorded
 * (no deduction, so no rate kept with it) takes the USDT/INR rate in force at its time.
 */
function toVdaFills(
  ctx: AppContext,
  trades: readonly UserTrade[],
  rates: readonly { rate: string; created_at: Date }[],
): VdaFill[] {
  return trades.map((t) => {
    const pair = ctx.core.state.trading.pairsById.get(t.pairId);
    if (!pair) throw new Error(`pair ${t.pairId} of trade ${t.tradeId} is not listed`);
    return {
      symbol: pair.symbol,
      base: pair.base.shortName,
      quote: pair.quote.shortName,
      tradeId: t.tradeId,
      isBuyer: t.isBuyer,
      time: t.time,
      quantity: t.quantity,
      quoteQuantity: t.quoteQuantity,
      fee: t.fee,
      tds: t.tds,
      tdsInr: t.tdsInr,
      usdtInr: pair.rupeeQuote ? null : (t.usdtInr ?? rateAt(rates, t.time)),
    };
  });
}

/** Everything the report is worked out from: every fill, deposit and withdrawal, oldest first. */
async function historyOf(ctx: AppContext, userId: string) {
  const [newestFirst, credited, left, rates] = await Promise.all([
    userTrades(ctx.db, userId),
    creditedDepositsOf(ctx.db, userId),
    withdrawalsOutOf(ctx.db, userId),
    usdtInrRateHistory(ctx.db),
  ]);
  const fills = toVdaFills(ctx, [...newestFirst].reverse(), rates);
  const movement = (r: { token_id: string; amount: string; updated_at: Date }): VdaMovement => ({
    coin: ctx.core.tokens.find(r.token_id)?.shortName ?? r.token_id,
    amount: BigInt(r.amount),
    at: r.updated_at,
  });
  const deposits = credited.map(movement);
  const first = [...fills.map((f) => f.time), ...deposits.map((d) => d.at)].reduce<Date | null>(
    (a, b) => (a === null || b < a ? b : a),
    null,
  );
  return { fills, deposits, withdrawals: left.map(movement), first };
}

/** The Schedule VDA of the user's financial year (the current one when none is named). */
export async function scheduleVda(
  ctx: AppContext,
  userId: string,
  financialYear?: string,
): Promise<ScheduleVda> {
  const year = financialYear ?? taxPeriodOf(ctx.now()).financialYear;
  const { fills, deposits, withdrawals, first } = await historyOf(ctx, userId);
  const bounds = taxPeriodBounds(year);
  const lines = linesIn(
    matchFifo(holdingEvents(fills, deposits, withdrawals)),
    bounds.start,
    bounds.end,
  );
  const rateOf = new Map(fills.map((f) => [`${f.symbol}:${f.tradeId}`, f.usdtInr]));
  const summary = summarise(lines);
  return {
    financial_year: year,
    method: VDA_COST_METHOD,
    lines: lines.map((l, i) => toLineDto(l, i + 1, rateOf)),
    coins: summary.coins.map((c) => ({
      coin: c.coin,
      lines: c.lines,
      quantity: formatAmount(c.quantity),
      cost: paiseText(c.cost),
      consideration: paiseText(c.consideration),
      gains: paiseText(c.gains),
      losses: paiseText(c.losses),
      tds: paiseText(c.tds),
    })),
    totals: {
      cost: paiseText(summary.cost),
      consideration: paiseText(summary.consideration),
      income: paiseText(summary.income),
      losses: paiseText(summary.losses),
      tds: paiseText(summary.tds),
    },
    financial_years: yearsSince(first, ctx.now()),
  };
}

function toLineDto(l: MatchedLine, slNo: number, rateOf: Map<string, bigint | null>) {
  const rate = rateOf.get(l.ref.split(':').slice(0, 2).join(':'));
  return {
    sl_no: slNo,
    coin: l.coin,
    quantity: formatAmount(l.quantity),
    acquired_on: l.acquiredAt === null ? null : istDate(l.acquiredAt),
    transferred_on: istDate(l.transferredAt),
    head: VDA_HEAD,
    cost: paiseText(l.cost),
    cost_known: l.costKnown,
    consideration: paiseText(l.consideration),
    income: paiseText(l.income),
    tds: paiseText(l.tds),
    trade: l.ref,
    usdt_inr_rate: rate === undefined || rate === null ? null : formatAmount(rate),
  };
}

/** Whose report it is, for the PDF's heading. */
export async function vdaHolder(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}
