import type { AppContext } from '../../context.js';
import type { ReviewRule } from './four-eyes.js';
import { approvalsRequired } from './four-eyes.js';
import { soloApprovedSince } from './repository.js';
import { INR } from '@exchange/contracts';
import {
  inrInUsdt,
  usdtInrMarketRate,
  valueInUsdt,
  type MarketEvidenceOf,
  type UsdtInrRates,
} from './valuation.js';
import { keyedTurns } from '../../lib/keyed-turns.js';

const DAY_MS = 86_400_000;

/** A deposit or withdrawal as its review values it. */
interface Valued {
  tokenId: string;
  amount: bigint;
}

/**
 * What `adminId` may still approve alone: ADMIN_SOLO_DAILY_USDT less the value of what they
 * approved alone in the last 24 hours (deposits and withdrawals together), never below 0.
 */
export async function soloLeft(ctx: AppContext, adminId: string): Promise<bigint> {
  const since = new Date(ctx.now().getTime() - DAY_MS);
  const left = ctx.config.adminSoloDailyUsdt - (await soloApprovedSince(ctx.db, adminId, since));
  return left > 0n ? left : 0n;
}

/**
 * The rates rupees are valued at for reviews and limits (review N4-H2): the admin rate in force,
 * the USDTINR market's own price and the hard ceiling; `inrInUsdt` takes the lowest.
 */
export function usdtInrRatesOf(ctx: AppContext, evidenceOf: MarketEvidenceOf): UsdtInrRates {
  return {
    admin: ctx.core.state.tax.usdtInr.rate,
    market: usdtInrMarketRate(evidenceOf(`USDT${INR}`), ctx.config.reviewMinVolumeUsdt),
    ceiling: ctx.config.tds.usdtInrBounds.max,
  };
}

/** The request's value now and how many admins must approve it when this admin decides. */
export function ruleOf(
  ctx: AppContext,
  evidenceOf: MarketEvidenceOf,
  record: Valued,
  threshold: bigint,
  left: bigint,
): ReviewRule {
  const token = ctx.core.tokens.get(record.tokenId);
  const valueUsdt =
    token.shortName === INR
      ? inrInUsdt(record.amount, usdtInrRatesOf(ctx, evidenceOf))
      : valueInUsdt(token, record.amount, evidenceOf, ctx.config.reviewMinVolumeUsdt);
  return { valueUsdt, required: approvalsRequired(valueUsdt, threshold, left) };
}

/**
 * Runs one admin's approvals one at a time, so that two sent at once cannot both fit under what
 * is left of the admin's daily cap (each reads the total, then adds to it).
 */
export const inTurn = keyedTurns();
